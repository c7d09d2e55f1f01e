// The ⋮ row menu: a menu button (WAI-ARIA menu button pattern). Enter, Space or ArrowDown open
// it on the first item, ArrowUp on the last; arrows, Home and End move; Escape closes and
// returns focus to the button; Tab closes. Disabled items stay focusable and say why.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";

export interface MenuItem {
  label: string;
  onSelect(): void;
  disabled?: boolean;
  /** Why the item is disabled, shown as its tooltip and read with it. */
  disabledReason?: string;
  danger?: boolean;
}

export function Menu({ label, items }: { label: string; items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; right: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const initialFocus = useRef<"first" | "last">("first");
  const id = useId();

  const itemElements = () => Array.from(list.current?.querySelectorAll<HTMLButtonElement>("[role=menuitem]") ?? []);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  const openMenu = (focus: "first" | "last") => {
    initialFocus.current = focus;
    const rect = button.current!.getBoundingClientRect();
    setPosition({ top: rect.bottom + 4, right: Math.max(8, window.innerWidth - rect.right) });
    setOpen(true);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening; itemElements reads the DOM, not state
  useLayoutEffect(() => {
    if (!open) return;
    const elements = itemElements();
    // Flip above the button when the menu would run off the bottom of the viewport.
    const menu = list.current;
    if (menu && button.current) {
      const rect = button.current.getBoundingClientRect();
      const height = menu.getBoundingClientRect().height;
      if (rect.bottom + 4 + height > window.innerHeight && rect.top - 4 - height > 0) menu.style.top = `${rect.top - 4 - height}px`;
    }
    (initialFocus.current === "first" ? elements[0] : elements[elements.length - 1])?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    // A scroll or resize that moved the button leaves the menu behind, so it closes. One that
    // did not (the scroll that brought the button into view before the click, dispatched only
    // after the menu opened) leaves it open.
    const opened = button.current?.getBoundingClientRect();
    const onMove = () => {
      const now = button.current?.getBoundingClientRect();
      if (!opened || !now || Math.abs(now.top - opened.top) > 1 || Math.abs(now.left - opened.left) > 1) close(false);
    };
    document.addEventListener("pointerdown", onPointer);
    window.addEventListener("resize", onMove);
    window.addEventListener("scroll", onMove, true);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      window.removeEventListener("resize", onMove);
      window.removeEventListener("scroll", onMove, true);
    };
  }, [open, close]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openMenu(event.key === "ArrowDown" ? "first" : "last");
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const elements = itemElements();
    const index = elements.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (next: number) => elements[(next + elements.length) % elements.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focusAt(index + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusAt(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focusAt(0);
        break;
      case "End":
        event.preventDefault();
        focusAt(elements.length - 1);
        break;
      case "Escape":
        event.preventDefault();
        close(true);
        break;
      case "Tab":
        close(false);
        break;
    }
  };

  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? close(false) : openMenu("first"))}
        onKeyDown={onButtonKey}
      >
        <span aria-hidden="true">⋮</span>
      </button>
      {open && position && (
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA menu button pattern: a list whose items are menuitems
        <ul ref={list} id={id} role="menu" aria-label={label} className="menu-list" style={{ top: position.top, right: position.right }} onKeyDown={onMenuKey}>
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={item.danger ? "danger" : undefined}
                aria-disabled={item.disabled || undefined}
                title={item.disabled ? item.disabledReason : undefined}
                onClick={() => {
                  if (item.disabled) return;
                  // Focus goes back to the ⋮ button first, so a dialog the item opens returns it there.
                  close(true);
                  item.onSelect();
                }}
              >
                {item.label}
                {item.disabled && item.disabledReason && <span className="visually-hidden"> ({item.disabledReason})</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
