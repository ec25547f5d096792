#!/usr/bin/env bash
# A typical session against a running service, with curl: create a workspace (which makes you its
# admin, who may approve posts), connect a sandbox account, register a webhook, create a post with
# schedule_now, and follow it until it is published. The webhook receives post.scheduled and
# post.published.
#
#   BASE_URL=http://localhost:3000 ADMIN_TOKEN=... WEBHOOK_URL=https://hooks.example.com/social \
#     bash docs/typical-session.sh
#
# WEBHOOK_URL must be reachable from the service; one on this machine (http://127.0.0.1:...) needs
# the service started with WEBHOOK_ALLOW_PRIVATE_URLS=true. JSON is read with node, which the
# service needs anyway.
set -euo pipefail

BASE_URL="${BASE_URL:-http://localhost:3000}"
: "${ADMIN_TOKEN:?set ADMIN_TOKEN to the admin token the service printed at its first start}"
: "${WEBHOOK_URL:?set WEBHOOK_URL to where the webhooks should go}"

# api METHOD PATH [BODY]: the answer's body; a status of 400 or more stops the session.
api() {
  curl -sS --fail-with-body -X "$1" "$BASE_URL$2" \
    -H "Authorization: Bearer $ADMIN_TOKEN" -H 'Content-Type: application/json' ${3:+-d "$3"}
}

# field NAME: one field of the JSON on stdin (a dotted path: post.status).
field() {
  node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(process.argv[1].split(".").reduce((o, k) => o?.[k], JSON.parse(s))))' "$1"
}

echo "1. Who am I"
api GET /api/me
echo

echo "2. Create a workspace: you are its admin and may approve posts (its membership says so)"
WORKSPACE_ANSWER=$(api POST /api/panel/workspaces '{"name":"Acme"}')
echo "$WORKSPACE_ANSWER"
WORKSPACE=$(echo "$WORKSPACE_ANSWER" | field uuid)
echo "role: $(echo "$WORKSPACE_ANSWER" | field membership.role), may approve: $(echo "$WORKSPACE_ANSWER" | field membership.can_approve)"

echo "3. Connect a sandbox account (the built-in provider that never leaves this machine)"
ACCOUNT_ANSWER=$(api POST "/api/$WORKSPACE/accounts" '{"provider":"sandbox","name":"Acme Sandbox","username":"acme"}')
echo "$ACCOUNT_ANSWER"
ACCOUNT=$(echo "$ACCOUNT_ANSWER" | field id)

echo "4. Register a webhook for post.scheduled and post.published (keep its secret to verify deliveries)"
api POST "/api/$WORKSPACE/webhooks" "{\"url\":\"$WEBHOOK_URL\",\"events\":[\"post.scheduled\",\"post.published\"]}"
echo

echo "5. Create a post and schedule it now"
POST_ANSWER=$(api POST "/api/$WORKSPACE/posts" "{\"versions\":[{\"is_original\":true,\"content\":[{\"body\":\"Hello from the typical session\"}]}],\"accounts\":[$ACCOUNT],\"schedule_now\":true}")
echo "$POST_ANSWER"
POST=$(echo "$POST_ANSWER" | field uuid)

echo "6. Wait until it is published"
STATUS=$(echo "$POST_ANSWER" | field status)
for _ in $(seq 1 60); do
  [ "$STATUS" = published ] || [ "$STATUS" = failed ] && break
  sleep 0.5
  STATUS=$(api GET "/api/$WORKSPACE/posts/$POST" | field status)
done
echo "status: $STATUS"

echo "7. What happened to it, oldest first"
api GET "/api/$WORKSPACE/posts/$POST/history"
echo
[ "$STATUS" = published ]
