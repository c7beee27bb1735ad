/**
 * Stands in for `@smithy/core/event-streams` in the Lambda bundles (infra/bundling.ts `BUNDLE_ALIAS`).
 * The SDK loads it for operations whose input or output is an event stream (Lambda's
 * InvokeWithResponseStream, Bedrock's streams, S3 Select); the functions call none, and the codec,
 * marshallers and serde are 15 KB of every bundle. The Lambda client still wires a marshaller into its
 * config when it is built: it gets one that refuses to run. The tests and the local server keep the module.
 */
const refuse = (): never => {
  throw new Error('event streams are not bundled: no operation of this service uses one');
};

/** What a client's config resolver attaches; every method refuses. */
class RefusingMarshaller {
  serialize = refuse;
  deserialize = refuse;
}

/** The Lambda client's runtime config calls this when the client is built. */
export const eventStreamSerdeProvider = (): RefusingMarshaller => new RefusingMarshaller();

/** As the SDK's own: puts the provider's marshaller on the client's config. */
export const resolveEventStreamSerdeConfig = <T extends { eventStreamSerdeProvider: (input: T) => unknown }>(input: T) =>
  Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });

/** Loaded by the SDK's HTTP protocols only for an event-stream operation. */
export class EventStreamSerde {
  constructor() {
    refuse();
  }
}
