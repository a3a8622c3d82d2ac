import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteUnavailable } from './remote-unavailable';

interface Props {
  remote: string;
  /** Changing this (a new attempt or a new path) clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** Catches a remote that throws while loading or rendering, so only its own routes show the failure. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[federation] ${this.props.remote} crashed`, error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RemoteUnavailable remote={this.props.remote} /> : this.props.children;
  }
}
