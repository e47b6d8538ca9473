import type { Interaction } from '../v2.js';

/** The instructions by which v2 tells where a document's sides stand (the vendor's sample). */
const SIDE_INSTRUCTIONS = ['LazySide2CollectionRequired', 'Side2Required', 'Side2Done'];

/**
 * Whether the interaction needs the back of the primary document. v2 says so with the instruction `Side2Required`
 * (not yet with `LazySide2CollectionRequired`, no longer with `Side2Done`); an interaction that gives none of
 * those says so by listing `PrimaryDocument/side2Image` in `outstanding`, which it does once the back is required
 * (a front read as two-sided, or a document that always has one). v1 had no instructions: its task schema required
 * `side2Image` then, and an update without it was refused.
 */
export function backRequired(interaction: Interaction): boolean {
  const instructions = interaction.instructions ?? [];
  if (instructions.some((instruction) => SIDE_INSTRUCTIONS.includes(instruction)))
    return instructions.includes('Side2Required') && !instructions.includes('Side2Done');
  return interaction.outstanding.includes('PrimaryDocument/side2Image');
}

/** v1's refusal of an update that lacks the back of a document that needs one. */
export const MISSING_BACK =
  'PrimaryDocument is missing its back: context.subject.documents[type=Primary].side2Image is required for this document';
