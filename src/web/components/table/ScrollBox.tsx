import type { CSSProperties, ReactNode } from 'react';
import classes from './ScrollBox.module.css';

/**
 * A wide table's own horizontal scroll (issue 28): the page stays as wide as the screen. The box is a
 * named region a keyboard can reach (tab, then the arrow keys scroll it: axe's scrollable-region-focusable).
 * `keyColumn` (1 or 2) stays fixed at the left edge; `minWidth` is the table's narrowest readable width.
 */
export function ScrollBox({
  label,
  keyColumn,
  minWidth,
  children,
}: {
  label: string;
  keyColumn?: 1 | 2;
  minWidth?: number;
  children: ReactNode;
}) {
  return (
    <div
      className={classes.box}
      role="region"
      aria-label={label}
      tabIndex={0}
      data-key-column={keyColumn}
      style={minWidth ? ({ '--scroll-min-width': `${minWidth}px` } as CSSProperties) : undefined}
    >
      {children}
    </div>
  );
}
