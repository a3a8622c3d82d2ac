import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteUnavailable } from './remote-unavailable';
import { isChunkLoadError, isGoneFile, recoverFromSkew } from './skew-recovery';

interface Props {
  remote: string;
  /** Changing this (a new attempt or a new path) clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

/** For a chunk that did not load: being checked, gone since a deploy (navigating or offering a reload), or a failure. */
type Skew = 'checking' | 'navigating' | 'updated' | 'failure';

interface State {
  error: unknown;
  resetKey: string;
  skew?: Skew;
}

/**
 * Catches a remote that throws while loading or rendering, so only its own routes show the failure.
 * A chunk of the remote's build that is gone from the server (the site was updated since the page
 * loaded) is version skew, recovered from without an error (skew-recovery.ts).
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, skew: isChunkLoadError(error) ? 'checking' : 'failure' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!isChunkLoadError(error)) return this.logFailure(error, info);
    void isGoneFile(error.request).then((gone) => {
      if (!gone) this.logFailure(error, info);
      this.setState({ skew: gone ? (recoverFromSkew() ? 'navigating' : 'updated') : 'failure' });
    });
  }

  private logFailure(error: unknown, info: ErrorInfo) {
    console.error(`[federation] ${this.props.remote} crashed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const { skew } = this.state;
    if (skew === 'checking' || skew === 'navigating') return null;
    return <RemoteUnavailable remote={this.props.remote} updated={skew === 'updated'} />;
  }
}
