/** Catches a render error below it and shows `fallback` instead of a blank page. */
import { Component, type ReactNode } from 'react';

interface Props {
  fallback(error: unknown, reset: () => void): ReactNode;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, () => this.setState({ error: null }));
    return this.props.children;
  }
}
