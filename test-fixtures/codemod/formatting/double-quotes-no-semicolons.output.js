import axios from "axios"
import { participantsFor } from "./journey-v2.mjs"

// Double quotes, no semicolons, tabs: inserted code follows the file's style.
export async function start(subject) {
	// journey-codemod: needs-review [request.start-async] v1 ran this start synchronously; v2 answers at once with the instanceId only → v2: wait with waitForResult(start, (instanceId) => <state fetch>) before reading results
	const { data } = await axios.post("https://eu.platform.go.gbgplc.com/v2/captain/journey/start", {
		resourceId: "b2e8d4a1data-check-v2@latest",
		context: {
			config: { delivery: "api" },
			subject, // prefill
		},
	})
	return data.instanceId
}

export async function complete(instanceId, taskId, subject) {
	await axios.post("https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit", {
		instanceId,
		interactionId: taskId,
		participants: participantsFor(await axios.post("https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch", { instanceId }).then((response) => response.data), subject),
		context: { subject },
	})
}
