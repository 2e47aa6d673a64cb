import { useState } from 'react';
import { withTimestampsShown } from '@shared/discord-timestamps';
import { zoneName } from '@shared/time';
import { useStaffZones } from '@client/lib/useZone';

/**
 * A text for Discord with its timestamp tags as Discord shows them to you (your zone and
 * language), beside the raw text: each reader sees their own time (issue 34).
 */
export function DiscordTimesPreview({ text }: { text: string }) {
  const { viewer } = useStaffZones();
  // For relative tags ('in 3 days'), as of when the page opened.
  const [now] = useState(Date.now);
  const pieces = withTimestampsShown(text, { zone: viewer, locale: navigator.language, now });
  if (!pieces.some((piece) => 'tag' in piece)) return null;
  return (
    <figure className="discord-preview mb-2" aria-label="As Discord shows it">
      <figcaption className="small text-body-secondary mb-1">
        As Discord shows it to you ({zoneName(viewer)}); each reader sees the times in their own zone.
      </figcaption>
      <div className="discord-preview__text small" data-testid="discord-preview">
        {pieces.map((piece, index) =>
          'tag' in piece ? (
            <time key={index} className="discord-preview__time" title={piece.tag}>
              {piece.shown}
            </time>
          ) : (
            piece.text
          ),
        )}
      </div>
    </figure>
  );
}
