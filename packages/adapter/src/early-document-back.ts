import { type ElementCatalogue, fieldValue, type Interaction, isFilled, type Subject, type SubmitPlan } from '@journey-bridge/contract';

const BACK = 'PrimaryDocument/side2Image';

/**
 * A document's back sent before v2 asks for it. A journey that reads the front first (`LazySide2CollectionRequired`)
 * lists `PrimaryDocument/side2Image` in `outstanding` only once it has, but its `collects` names that field from the
 * start, and v2 takes a back submitted as it while the front is held. v1 took a back sent early with its task's next
 * update; planned from `outstanding` alone it would go nowhere while the update was answered as taken, and the
 * journey would wait for it for ever. So with the front held and the back not, a back the update carries is sent as
 * that field, in place of the document's other fields (v2 refuses a front it holds). `held` reads the journey's
 * subject; it is asked only when the update carries a back the plan does not send.
 */
export async function withEarlyDocumentBack(
  plan: SubmitPlan,
  interaction: Interaction,
  held: () => Promise<Subject>,
  catalogue: ElementCatalogue,
): Promise<SubmitPlan> {
  const { subject } = plan;
  const carriesBack = isFilled(fieldValue(catalogue, subject, 'PrimaryDocument', 'side2Image'));
  const collectsBack = (interaction.interaction?.collects ?? []).some(({ ref }) => ref === BACK);
  const plannedBack = plan.participants.some(({ domainElementId }) => domainElementId === BACK);
  if (!carriesBack || !collectsBack || plannedBack) return plan;
  const journeyHolds = await held();
  const frontHeld = isFilled(fieldValue(catalogue, journeyHolds, 'PrimaryDocument', 'side1Image'));
  const backHeld = isFilled(fieldValue(catalogue, journeyHolds, 'PrimaryDocument', 'side2Image'));
  if (!frontHeld || backHeld) return plan;
  const others = plan.participants.filter(({ domainElementId }) => domainElementId.split('/')[0] !== 'PrimaryDocument');
  return { ...plan, participants: [...others, { domainElementId: BACK }] };
}
