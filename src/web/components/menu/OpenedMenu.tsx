import { Menu, type MenuProps } from '@mantine/core';
import { useEffect, useState, type ReactElement, type ReactNode, type RefObject } from 'react';

/** What LazyMenu hands the menu it loaded. */
export interface OpenedMenuTargetProps {
  /** The button (Menu.Target's child), with `ref={targetRef}`. */
  target: ReactElement;
  targetRef: RefObject<HTMLElement | null>;
  /** The stand-in button had the focus: the real one takes it before the menu opens. */
  focusTarget: boolean;
}

export interface OpenedMenuProps extends OpenedMenuTargetProps, Omit<MenuProps, 'opened' | 'onChange' | 'defaultOpened' | 'children'> {
  children: ReactNode;
}

/**
 * Mantine's Menu for LazyMenu: it mounts closed and opens right after, the way a click on its target
 * opens it, so everything Menu does on opening happens as before: the focus moves into the dropdown,
 * and the element focused at that moment (the button) gets the focus back on Escape. (Mounted
 * already open, Mantine's focus return would have nothing to return to.)
 */
export function OpenedMenu({ target, targetRef, focusTarget, children, ...menuProps }: OpenedMenuProps) {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (focusTarget) targetRef.current?.focus();
    setOpened(true);
    // Once, on mount: later openings are the button's clicks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Menu {...menuProps} opened={opened} onChange={setOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
