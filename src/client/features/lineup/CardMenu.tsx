import { type ReactNode, useState } from 'react';
import { Dropdown } from 'react-bootstrap';
import { FLOATING_MENU } from './menus';

/**
 * A card's ⋮ menu (a slot, a signup, a DJ). Its items are in the page from the first time it
 * opens: a closed menu still runs its positioning hooks, and a lineup of 60 cards holds over 70 of
 * them (without them the lineup is drawn about 30 ms sooner).
 */
export function CardMenu({ label, floating = false, children }: { label: string; floating?: boolean; children: ReactNode }) {
  const [show, setShow] = useState(false);
  const [opened, setOpened] = useState(false);
  const toggle = (next: boolean) => {
    setShow(next);
    if (next) setOpened(true);
  };
  return (
    <Dropdown align="end" show={show} onToggle={toggle}>
      <Dropdown.Toggle variant="outline-secondary" size="sm" aria-label={label}>
        ⋮
      </Dropdown.Toggle>
      {(show || opened) && <Dropdown.Menu popperConfig={floating ? FLOATING_MENU : undefined}>{children}</Dropdown.Menu>}
    </Dropdown>
  );
}
