import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface NavMenuLink {
  key: string | number;
  to: string;
  label: ReactNode;
}

/**
 * A menu button of the journal's main navigation (the Info menu, a tab with sub-tabs): a button that opens a list
 * of links, with the keys of a menu (arrows, Home, End, Escape). Its own few lines instead of Mantine's Menu,
 * which brings the floating-ui positioning engine and about 30 KB to every public page (issue 8 §4).
 */
export function NavMenu({ label, active, links }: { label: ReactNode; active: boolean; links: NavMenuLink[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // Which item takes the focus when the menu opens from the keyboard: first, last, or none (a click).
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  useEffect(() => {
    if (!open) return;
    const items = menuItems(root.current);
    if (focusOnOpen.current === 'first') items[0]?.focus();
    if (focusOnOpen.current === 'last') items.at(-1)?.focus();
    focusOnOpen.current = null;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const openWith = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const items = menuItems(root.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = {
      ArrowDown: (index + 1) % items.length,
      ArrowUp: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in move) {
      event.preventDefault();
      items[move[event.key]!]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') button.current?.focus();
      setOpen(false);
    }
  };

  return (
    <div className="nav-menu" ref={root} onBlur={(event) => closeWhenFocusLeaves(event, root.current, setOpen)}>
      <button
        ref={button}
        type="button"
        className="nav-item"
        data-active={active}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={onButtonKey}
      >
        {label}
        <IconChevronDown size={14} aria-hidden />
      </button>
      {open && (
        <div className="nav-menu-dropdown" role="menu" id={menuId} onKeyDown={onMenuKey}>
          {links.map((link) => (
            <Link key={link.key} role="menuitem" className="nav-menu-item" to={link.to} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}

function menuItems(root: HTMLElement | null): HTMLElement[] {
  return Array.from(root?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

function closeWhenFocusLeaves(event: FocusEvent, root: HTMLElement | null, setOpen: (open: boolean) => void): void {
  if (event.relatedTarget && !root?.contains(event.relatedTarget as Node)) setOpen(false);
}
