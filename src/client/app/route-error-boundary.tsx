import { AlertTriangleIcon } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { ButtonLink } from '../components/button-link';

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the path), a previous error is cleared. */
  resetKey?: string;
}
interface State {
  error: Error | null;
  resetKey?: string;
}

/** Catches a failing screen so the header, footer and other screens keep working. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept in the console for developers; the user sees a friendly message.
    console.warn('Screen failed to render:', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center" role="alert">
        <AlertTriangleIcon className="size-10 text-highlight-strong" aria-hidden="true" />
        <h1 className="text-2xl font-semibold">Something went wrong on this page</h1>
        <p className="text-muted-foreground">
          We could not show this screen. You can try again, or use the menu above to go somewhere else.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => this.setState({ error: null })}>Try Again</Button>
          <ButtonLink href="/" variant="outline" plain>Go to Home</ButtonLink>
        </div>
      </div>
    );
  }
}
