import { Catch, RpcExceptionFilter } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';

/**
 * The message handlers' exception filter: what a handler throws reaches the bus as it was thrown
 * (a ServiceError goes back to the caller, an UnprocessableMessage goes to the dead letters, any
 * other failure is retried), where Nest's default filter would turn it into `Internal server error`.
 */
@Catch()
export class ForwardErrors implements RpcExceptionFilter<unknown> {
  catch(error: unknown): Observable<never> {
    return throwError(() => error);
  }
}
