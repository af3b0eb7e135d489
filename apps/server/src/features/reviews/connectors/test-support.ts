import { expect } from "vitest";
import { ConnectorError, type ConnectorErrorKind } from "./connector.ts";

/** Awaits a call that must fail with a ConnectorError of the given kind, and returns the error. */
export async function expectConnectorError(call: Promise<unknown>, kind: ConnectorErrorKind): Promise<ConnectorError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  const connectorError = error as ConnectorError;
  expect(connectorError.kind, connectorError.message).toBe(kind);
  return connectorError;
}
