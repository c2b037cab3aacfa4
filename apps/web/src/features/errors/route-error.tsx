/**
 * The route error boundary: picks the page for what a route threw while rendering — a Response
 * or an ApiError with a status (404, 401, 503), a chunk load error, or anything else. The app
 * uses React Router's declarative mode (no `errorElement`), so this is a plain React error
 * boundary placed in the route tree (app/router.tsx). A navigation (a new `location.key`, also
 * "retry", which replaces the same address) clears the error and renders the route again.
 */
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { PageAdopted } from '../../shared/shell/adopted';
import { isChunkLoadError } from '../../shared/chunk/chunk-errors';
import { errorText } from '../../shared/ui/error-text';
import { ChunkErrorPage, GenericErrorPage, MaintenancePage, NotFoundPage, UnauthorizedPage } from './error-pages';

export function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status || undefined;
  if (typeof Response !== 'undefined' && error instanceof Response) return error.status;
  return undefined;
}

export function ErrorView({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) return <ChunkErrorPage error={error} />;
  const status = statusOf(error);
  if (status === 404) return <NotFoundPage />;
  if (status === 401) return <UnauthorizedPage />;
  if (status === 503) return <MaintenancePage />;
  // the server's words for a failed call; a crash's own message is for developers, not readers
  const message = error instanceof ApiError ? errorText(error) : undefined;
  return <GenericErrorPage message={message} status={status} />;
}

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}
interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, resetKey: this.props.resetKey };
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: null, resetKey: props.resetKey };
  }
  override render() {
    return this.state.failed ? (
      <>
        <PageAdopted />
        <ErrorView error={this.state.error} />
      </>
    ) : (
      this.props.children
    );
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary resetKey={key}>{children}</ErrorBoundary>;
}
