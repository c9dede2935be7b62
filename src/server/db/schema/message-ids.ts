import { pgSequence } from 'drizzle-orm/pg-core';

/**
 * BizTalk message ids (SPEC §2.13's BIZTALK_MESSAGE_ID_COUNTER). A sequence instead of a counter
 * row: nextval never waits for another transaction's commit, so any number of workers draw ids at
 * once. No cache (CACHE 1): every id comes from the shared sequence, so ids rise in drawing order
 * across nodes and a value the admin sets takes effect for the next file everywhere. An id drawn
 * for a build that is then abandoned is skipped (a gap), never given to another file.
 * The settings row of the key keeps the floor: the last id used when the admin last set it.
 */
export const biztalkMessageIds = pgSequence('biztalk_message_id_seq', { minValue: 0, startWith: 1, cache: 1 });
