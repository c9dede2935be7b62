import { cloneElement, useState, type ComponentType, type ReactElement, type RefObject, type SyntheticEvent } from 'react';
import { withLoadTimeout } from '../../lib/lazy-page';
import type { OpenedMenuTargetProps } from './OpenedMenu';

type TriggerElement = ReactElement<{
  onClick?: (event: SyntheticEvent) => void;
  onPointerEnter?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
}>;

export interface LazyMenuProps<P extends object> {
  /** Loads the menu (a module of ours rendering Mantine's Menu through OpenedMenu). */
  load: () => Promise<ComponentType<P & OpenedMenuTargetProps>>;
  /** What the loaded menu needs besides its trigger. */
  menuProps: P;
  /** The button that opens the menu; it carries `ref={triggerRef}`. */
  trigger: TriggerElement;
  triggerRef: RefObject<HTMLElement | null>;
}

type Loaded<P extends object> = { Menu: ComponentType<P & OpenedMenuTargetProps>; focusTrigger: boolean };

/**
 * A menu whose code (Mantine's Menu, its items, their icons) arrives on first use (issue 13: the first
 * screen loads no menu). Until then the trigger is drawn alone, with the attributes Menu.Target gives
 * it while closed; the first click (Enter and Space are clicks on a button) loads the menu, which
 * replaces the stand-in and opens as that click would have opened it. From then on it stays mounted.
 * Pointing at or focusing the trigger starts the download early. A failed load raises a LoadError.
 */
export function LazyMenu<P extends object>({ load, menuProps, trigger, triggerRef }: LazyMenuProps<P>) {
  const [loaded, setLoaded] = useState<Loaded<P> | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  if (failure) throw failure;
  if (loaded) return <loaded.Menu {...menuProps} target={trigger} targetRef={triggerRef} focusTarget={loaded.focusTrigger} />;

  const preload = () => void load().catch(() => undefined);
  const open = () => {
    if (loading) return;
    setLoading(true);
    withLoadTimeout(load()).then(
      // The new trigger takes the focus only if the stand-in still has it (a click focuses a button too).
      (Menu) => setLoaded({ Menu, focusTrigger: triggerRef.current !== null && triggerRef.current === document.activeElement }),
      setFailure,
    );
  };
  const { onClick, onPointerEnter, onFocus } = trigger.props;
  return cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onClick: (event: SyntheticEvent) => {
      onClick?.(event);
      open();
    },
    onPointerEnter: (event: SyntheticEvent) => {
      onPointerEnter?.(event);
      preload();
    },
    onFocus: (event: SyntheticEvent) => {
      onFocus?.(event);
      preload();
    },
  } as Partial<TriggerElement['props']>);
}
