import { Component, type ReactNode } from 'react';

type Props = {
  /** What shows instead of a part whose code could not be loaded (null: nothing). */
  fallback: ReactNode;
  children: ReactNode;
};

/**
 * A lazily loaded part (a page, the toaster) whose code cannot be fetched, offline or on a
 * dropped connection, shows `fallback` instead of taking the whole app down with it. Give it
 * a `key` that changes (the path) for it to try again.
 */
export class LoadErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
