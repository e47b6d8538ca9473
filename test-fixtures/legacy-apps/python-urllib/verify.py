"""A v1 integration in Python, standard library only."""
import json
import os
import time
import urllib.parse
import urllib.request

BASE = os.environ["JOURNEY_V1_BASE_URL"]


def token():
    form = urllib.parse.urlencode({
        "grant_type": "client_credentials",
        "client_id": os.environ["JOURNEY_CLIENT_ID"],
        "client_secret": os.environ["JOURNEY_CLIENT_SECRET"],
        "scope": "svc.token",
    }).encode()
    with urllib.request.urlopen(urllib.request.Request(os.environ["JOURNEY_TOKEN_URL"], data=form)) as response:
        return json.load(response)["access_token"]


def post(path, access_token, body):
    request = urllib.request.Request(
        BASE + path,
        data=json.dumps(body).encode(),
        headers={"Authorization": "Bearer " + access_token, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def main():
    access_token = token()
    started = post("journey/start", access_token, {
        "resourceId": "a1d7c3f0data-check-v1@latest",
        "context": {"config": {"async": True}, "subject": {}},
    })
    instance_id = started["instanceId"]
    listed = post("journey/task/list/schema", access_token, {"instanceId": instance_id})
    subject = {"identity": {"firstName": "Ada", "lastNames": ["Lovelace"], "dateOfBirth": "1990-12-10"}}
    for task in listed["tasks"]:
        post("journey/task/update", access_token, {
            "intent": "Complete", "instanceId": instance_id, "taskId": task["taskId"], "context": {"subject": subject},
        })
    state = post("journey/state/fetch", access_token, {"instanceId": instance_id})
    while state["status"] == "InProgress":
        time.sleep(int(os.environ.get("JOURNEY_POLL_MS", "1000")) / 1000)
        state = post("journey/state/fetch", access_token, {"instanceId": instance_id})
    decision = state["data"]["process"]["flow"]["decision"]["result"]["outcome"]
    print(json.dumps({"instanceId": instance_id, "status": state["status"], "decision": decision}))


if __name__ == "__main__":
    main()
