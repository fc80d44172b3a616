import { SkeletonCards, StateMessage } from './state-message.tsx';

/**
 * The loading, failure and empty states of a list of `noun` ("cities"), worded alike on every screen
 * that lists them (spec §8): skeleton cards, "Unable to load cities", "No cities found".
 */
export function buildListStates(noun: string, skeletons = 12) {
  return {
    pending: <SkeletonCards count={skeletons} label={`Loading ${noun}`} />,
    error: <StateMessage title={`Unable to load ${noun}`} text={`There was an error loading the ${noun}. Please try again later.`} tone="error" />,
    empty: <StateMessage title={`No ${noun} found`} />,
  };
}
