import { useEffect, useState } from 'react';
import { Col, Row, Spinner } from 'react-bootstrap';
import { useFormContext, useWatch } from 'react-hook-form';
import { feeds, paths } from '@shared/paths';
import type { Settings } from '@shared/schemas/settings';
import { TextField } from '@client/components/form/fields';
import { usePublicLineups } from '@client/shared/public';
import { RetryButton } from '@client/components/LoadError';
import { plainSection } from '../settingsForm';

const COLOUR = /^#[0-9a-f]{6}$/i;
/** Colour pickers fire on every drag step: the preview follows once they rest. */
const PREVIEW_DELAY_MS = 400;

/** Global Settings' "Lineup image": its colours, with a live preview of the next published event's image. */
export const lineupImageSection = plainSection('Lineup image', ['imageBackground', 'imageText', 'imageAccent'], LineupImageFields);

function LineupImageFields() {
  const { control } = useFormContext<Settings>();
  const [background, text, accent] = useWatch({ control, name: ['imageBackground', 'imageText', 'imageAccent'] });
  const colours = [background, text, accent].every((colour) => COLOUR.test(colour)) ? { bg: background, fg: text, accent } : null;
  const preview = useSettled(colours);
  const lineups = usePublicLineups();
  const next = lineups.data?.events[0];

  return (
    <>
      <p className="text-body-secondary small">
        The image of a published event's lineup that link previews, social media posts and in-world screens show.
      </p>
      <Row className="mb-2">
        {(
          [
            ['imageBackground', 'Background colour'],
            ['imageText', 'Text colour'],
            ['imageAccent', 'Accent colour'],
          ] as const
        ).map(([name, label]) => (
          <Col xs={4} key={name}>
            <TextField<Settings> name={name} label={label} type="color" className="mb-2" style={{ height: '2.75rem', maxWidth: '6rem' }} />
          </Col>
        ))}
      </Row>
      {lineups.isPending && <Spinner size="sm" animation="border" role="status" aria-label="Loading the preview" />}
      {lineups.isError && (
        <p className="text-danger small mb-0">
          Could not load the published events for a preview ({lineups.error.message}).
          <RetryButton onRetry={lineups.refetch} />
        </p>
      )}
      {lineups.data && !next && <p className="mb-0">No published upcoming event to preview yet: publish one to see its image here.</p>}
      {next && preview && (
        <figure className="mb-0">
          <img
            src={feeds.lineupImage(next.id, 'png', preview)}
            alt={`Preview of the lineup image of ${next.name}`}
            className="img-fluid rounded border"
            width={1200}
            height={630}
          />
          <figcaption className="small text-body-secondary mt-1">
            Preview: <a href={paths.publicLineup(next.id)}>{next.name}</a>
          </figcaption>
        </figure>
      )}
    </>
  );
}

/** The value once it has stayed the same for a moment. */
function useSettled<T>(value: T): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return settled;
}
