/**
 * The router's errorElement: picks the page for what was thrown — a Response / route error
 * response or an ApiError with a status (404, 401, 503), a chunk load error, or anything else.
 */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { isChunkLoadError } from '../../shared/chunk/chunk-errors';
import { ChunkErrorPage, GenericErrorPage, MaintenancePage, NotFoundPage, UnauthorizedPage } from './error-pages';

export function statusOf(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError) return error.status || undefined;
  if (error instanceof Response) return error.status;
  return undefined;
}

export function ErrorView({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) return <ChunkErrorPage error={error} />;
  const status = statusOf(error);
  if (status === 404) return <NotFoundPage />;
  if (status === 401) return <UnauthorizedPage />;
  if (status === 503) return <MaintenancePage />;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === 'string'
      ? error.data
      : error.statusText
    : error instanceof Error
      ? error.message
      : undefined;
  return <GenericErrorPage message={message} status={status} />;
}

export function RouteError() {
  const error = useRouteError();
  return <ErrorView error={error} />;
}
