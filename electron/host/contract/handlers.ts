import type { ChannelOutput, ParsedInput, RequestChannel } from '../../../shared/contract/types.ts';

/** One main-side implementation per request channel, taking validated input. */
export type ContractHandlers = {
  [C in RequestChannel]: (input: ParsedInput<C>) => Promise<ChannelOutput<C>>;
};
