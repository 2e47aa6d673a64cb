import type { ReactNode } from 'react';
import type { PublicPageMeta } from '@shared/schemas/public';
import { PublicFrame } from './PublicFrame';

/**
 * A public page as a whole document, rendered on the server: readable without any script (in-world
 * browsers and link previews run none); its one small script (public-page.ts) adds the visitor's
 * own times.
 */
export function PublicDocument({
  meta,
  seriesZone,
  assets,
  children,
}: {
  meta: PublicPageMeta;
  seriesZone: string;
  assets: { styles: readonly string[]; script: string | null };
  children: ReactNode;
}) {
  const og: [string, string | undefined][] = [
    ['og:type', 'website'],
    ['og:site_name', meta.siteName],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', meta.canonicalUrl],
    ['og:image', meta.imageUrl],
    ['og:image:alt', meta.imageAlt],
  ];
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={meta.description} />
        <link rel="canonical" href={meta.canonicalUrl} />
        {og.map(([property, content]) => content !== undefined && <meta key={property} property={property} content={content} />)}
        <meta name="twitter:card" content={meta.imageUrl ? 'summary_large_image' : 'summary'} />
        {meta.themeColour && <meta name="theme-color" content={meta.themeColour} />}
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.script && <script type="module" src={assets.script} />}
        {/* Applied only where script does not run: the visitor's times would never be written. */}
        <noscript>
          <style>{'[data-visitor-only] { display: none; }'}</style>
        </noscript>
      </head>
      <body data-series-zone={seriesZone}>
        <PublicFrame>{children}</PublicFrame>
      </body>
    </html>
  );
}
