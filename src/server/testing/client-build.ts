import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A stand-in for the built client (dist/client) for tests of the pages the server renders: the
// app's page and a manifest naming the public pages' entry and the lazy modules the server links
// from its pages, as `vite build` writes them.

export function fakeClientBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-client-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="app-name" content="%APP_NAME%" /><meta name="sign-in" content="%SIGN_IN%" /><title>%APP_NAME%</title>' +
      '<script type="module" src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  const manifest = {
    'index.html': { file: 'assets/app-abc.js', isEntry: true, css: ['assets/app-abc.css'] },
    'public-page.ts': { file: 'assets/public-abc.js', isEntry: true, imports: ['_styles.js'] },
    '_styles.js': { file: 'assets/styles-abc.js', css: ['assets/styles-abc.css'] },
    'features/signup/SignupWizardPage.tsx': { file: 'assets/SignupWizardPage-abc.js', imports: ['_form.js'], css: ['assets/wizard-abc.css'] },
    '_form.js': { file: 'assets/form-abc.js' },
    'app/staffRoutes.tsx': { file: 'assets/staffRoutes-abc.js' },
    '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2': { file: 'assets/inter-latin-abc.woff2' },
    'features/events/screens.ts': { file: 'assets/event-screens-abc.js', imports: ['_form.js'] },
    'features/lineup/screens.ts': { file: 'assets/lineup-screens-abc.js', imports: ['_form.js'], css: ['assets/lineup-abc.css'] },
  };
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };

/** The content of a page's `<meta property|name="…">`, unescaped; undefined when it has none. */
export function metaContent(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"\\s*/?>`));
  return tag?.[1]?.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}
