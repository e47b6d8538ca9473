import axios from "axios"

// Double quotes, no semicolons, tabs: inserted code follows the file's style.
export async function start(subject) {
	const { data } = await axios.post("https://eu.platform.go.gbgplc.com/captain/api/journey/start", {
		resourceId: "a1d7c3f0data-check-v1@latest",
		context: {
			subject, // prefill
		},
	})
	return data.instanceId
}

export async function complete(instanceId, taskId, subject) {
	await axios.post("https://eu.platform.go.gbgplc.com/captain/api/journey/task/update", {
		intent: "Complete",
		instanceId,
		taskId,
		context: { subject },
	})
}
