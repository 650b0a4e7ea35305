/**
 * A call's value already written as JSON (by the service host, for a WebSocket front): the front
 * puts the text on the socket as it is, instead of rebuilding the value and writing it again.
 */
export class JsonText {
  constructor(readonly json: string) {}
}
