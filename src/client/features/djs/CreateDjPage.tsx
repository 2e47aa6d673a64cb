import { Button, Card } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { paths } from '@shared/paths';
import { useCreateDj } from '@client/shared/djs';
import { DjForm } from '@client/components/DjForm';

export function CreateDjPage() {
  const create = useCreateDj();
  const navigate = useNavigate();
  return (
    <Card className="lu-measure-md">
      <Card.Body>
        <h1 className="h3 mb-3">Create Dj</h1>
        <DjForm
          disabled={create.isPending}
          guardLeave
          onSubmit={(values) =>
            create.mutateAsync(values).then(
              (dj) => navigate(paths.dj(dj.id)),
              (error: Error) => toast.error(`An error occurred while creating the DJ.: ${error.message || 'Unknown error'}`),
            )
          }
        >
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Dj'}
          </Button>
        </DjForm>
      </Card.Body>
    </Card>
  );
}
