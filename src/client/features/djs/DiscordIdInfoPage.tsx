import { Card } from 'react-bootstrap';

// Where staff learn to copy a person's Discord user ID (linked from the DJ form).
export function DiscordIdInfoPage() {
  return (
    <Card className="lu-measure-lg">
      <Card.Body>
        <h1 className="h3">How to find a Discord ID</h1>
        <p>
          A Discord ID is a user identification number (UID) at least 17 digits long, for example{' '}
          <code>123456789012345678</code>. It is not the username or display name, and it never changes.
        </p>
        <h2 className="h5">1. Turn on Developer Mode</h2>
        <ul>
          <li>Desktop or web: User Settings (the cog next to your name) → Advanced → Developer Mode.</li>
          <li>Phone: tap your profile picture → App Settings → Advanced → Developer Mode.</li>
        </ul>
        <h2 className="h5">2. Copy the person's ID</h2>
        <ul>
          <li>Desktop or web: right-click the person's name (in a message, the member list or a DM) → Copy User ID.</li>
          <li>Phone: tap and hold the person's name, or open their profile → the ⋯ menu → Copy User ID.</li>
        </ul>
        <p className="mb-0">Paste the number into the Discord ID field. Each Discord ID can belong to one DJ only.</p>
      </Card.Body>
    </Card>
  );
}
