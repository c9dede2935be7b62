// What the SPA's bundle resolves "react" to (vite.config.ts): Preact's compat layer, plus the two
// things of React 19 our screens rely on that compat lacks. Our code is typed against @types/react.
import { options, type VNode } from 'preact';
import type { ReactNode, Ref } from 'react';
// @ts-expect-error -- preact/compat's types use `export =`; its ES module has these named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * Mantine renders <Activity> only for keepMounted transitions, tabs, trees and steppers (hidden
 * content keeps its state in React). No screen of ours asks for keepMounted: hidden is not drawn.
 */
export function Activity({ mode, children }: { mode?: 'visible' | 'hidden'; children?: ReactNode }) {
  return mode === 'hidden' ? null : children;
}

// autoFocus: React DOM focuses the element when it mounts; Preact only writes the `autofocus`
// attribute, which a browser honours once per page load. A form shown later (the parcel's edit
// form, the login page after a logout) would open without the cursor in it.
const focused = new WeakSet<Element>();
const focusOnce = (element: HTMLElement | null) => {
  if (element && !focused.has(element)) {
    focused.add(element);
    element.focus();
  }
};
// One wrapper per caller's ref, so the ref keeps its identity from render to render.
const wrappers = new WeakMap<object, (element: HTMLElement | null) => unknown>();
function focusingRef(ref: Ref<HTMLElement> | undefined) {
  if (!ref) return focusOnce;
  let wrapper = wrappers.get(ref);
  if (!wrapper) {
    wrapper = (element) => {
      focusOnce(element);
      if (typeof ref === 'function') return ref(element);
      (ref as { current: HTMLElement | null }).current = element;
    };
    wrappers.set(ref, wrapper);
  }
  return wrapper;
}

const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode<{ autoFocus?: boolean }>) => {
  previousVNodeHook?.(vnode);
  if (typeof vnode.type === 'string' && vnode.props.autoFocus) {
    const node = vnode as VNode<{ autoFocus?: boolean }> & { ref?: Ref<HTMLElement> };
    node.ref = focusingRef(node.ref) as never;
    delete node.props.autoFocus;
  }
};
