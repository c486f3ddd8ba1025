"""Calls every operation of Baton's OpenAPI document through a client that
openapi-python-client generated from it, against a running `baton dev`, and
checks that each answer parses into the generated model the document names
(success bodies, and the Error body with its error.code enum).

Usage: python3 openapi-client-check.py GENERATED_DIR BATON_URL ADMIN_KEY
Run by scripts/openapi-generate-test; exits 1 naming every failed check.
"""
import base64
import json
import re
import sys
import urllib.request
import uuid

sys.path.insert(0, sys.argv[1])
base_url, admin_key = sys.argv[2], sys.argv[3]

from baton_client import AuthenticatedClient, Client  # noqa: E402
from baton_client.api.admin import (  # noqa: E402
    admin_audit, admin_event_redeliver, admin_invite, admin_invite_extend, admin_invite_find, admin_invite_reissue, admin_invite_revoke,
    admin_invite_search, admin_job_cancel, admin_job_retry, admin_queue, admin_sign_in, admin_sign_in_form, admin_sign_out,
    admin_webhooks, list_audit_entries,
)
from baton_client.api.clip import preview_invite, resolve_invocation, validate_handoff  # noqa: E402
from baton_client.api.events import list_events  # noqa: E402
from baton_client.api.families import erase_family  # noqa: E402
from baton_client.api.invites import (  # noqa: E402
    create_invite, create_invites, get_invite, list_invite_events, list_invites, reissue_invite, revoke_invite, update_invite,
)
from baton_client.api.metrics import admin_dashboard, get_funnel, prometheus_metrics  # noqa: E402
from baton_client.api.operations import health, open_api, readiness  # noqa: E402
from baton_client.api.pages import landing_page, landing_qr_code  # noqa: E402
from baton_client.api.redemptions import redeem_invite  # noqa: E402
from baton_client.api.webhook_endpoints import (  # noqa: E402
    create_webhook_endpoint, delete_webhook_endpoint, get_webhook_endpoint, list_webhook_deliveries, list_webhook_endpoints,
    redeliver_event, rotate_webhook_secret, test_webhook_endpoint, update_webhook_endpoint,
)
from baton_client.api.well_known import android_asset_links, apple_app_site_association, public_configuration  # noqa: E402
from baton_client.models import (  # noqa: E402
    AdminEventRedeliverBody, AdminInviteExtendBody, AdminInviteFindBody, AdminInviteReissueBody, AdminInviteRevokeBody, AdminJobCancelBody,
    AdminJobRetryBody, AdminSignInBody, AdminSignOutBody, AuditPage, CodeRedemption, CreateInvitesBody, CreatedInvite, Error, EventPage, FamilyErasure, FunnelReport, HandoffRedemption,
    HandoffValidation, InviteChange, InviteDetail, InviteList, InviteTimeline, ListWebhookDeliveriesResponse200,
    ListWebhookEndpointsResponse200, NewInvite, NewWebhookEndpoint, Preview, PublicConfigurationResponse200, Receipt,
    RedeliverEventBody, RedeliverEventResponse202, ResolveInvocationBody, RotateWebhookSecretBody, TestWebhookEndpointResponse202,
    TokenRedemption, ValidateHandoffBody, WebhookEndpoint, WebhookEndpointChange, WebhookEndpointWithSecret,
)
from baton_client.models.error_error_code import ErrorErrorCode  # noqa: E402

failures = []
called = set()


def check(operation, answer, model, status=None):
    """Records `operation` as called and a failure unless `answer` is a `model` (with `status`, for detailed answers)."""
    called.add(operation)
    parsed = answer.parsed if status is not None else answer
    if status is not None and answer.status_code != status:
        failures.append(f"{operation}: HTTP {answer.status_code}, expected {status}")
    elif model is not None and not isinstance(parsed, model):
        failures.append(f"{operation}: answered {type(parsed).__name__}, expected {model.__name__}")
    return parsed


keyed = AuthenticatedClient(base_url=base_url, token=admin_key, raise_on_unexpected_status=True)
public = Client(base_url=base_url, raise_on_unexpected_status=True)
# The generator leaves out answers of media types it does not parse (image/svg+xml): their status is checked.
unparsed = Client(base_url=base_url)
family = f"fam-{uuid.uuid4()}"

created = check("createInvite", create_invite.sync(client=keyed, body=NewInvite(family_id=family, family_name="The Okafor family",
                                                                               inviter_name="Ada", max_redemptions=3)), CreatedInvite)
batch = check("createInvites", create_invites.sync(client=keyed, body=CreateInvitesBody(
    invites=[NewInvite(family_id=family, family_name="The Okafor family")])), None)
if not batch or not all(isinstance(item, CreatedInvite) for item in batch.invites):
    failures.append("createInvites: the invites are not CreatedInvite")
check("listInvites", list_invites.sync(client=keyed, family_id=family), InviteList)
check("getInvite", get_invite.sync(created.id, client=keyed), InviteDetail)

preview = check("previewInvite", preview_invite.sync(created.code, client=public), Preview)
check("resolveInvocation", resolve_invocation.sync(client=public, body=ResolveInvocationBody(url=created.link)), Preview)
check("validateHandoff", validate_handoff.sync(client=public, body=ValidateHandoffBody(handoff=preview.handoff)), HandoffValidation)
for credential in (HandoffRedemption(handoff=preview.handoff, redeemer_id="py-1"), TokenRedemption(token=created.token, redeemer_id="py-2"),
                   CodeRedemption(code=created.code, redeemer_id="py-3")):
    check("redeemInvite", redeem_invite.sync(client=keyed, body=credential), Receipt)
replayed = redeem_invite.sync_detailed(client=keyed, body=CodeRedemption(code=created.code, redeemer_id="py-3"))
check("redeemInvite", replayed, Receipt, status=200)
check("revokeInvite", revoke_invite.sync(created.id, client=keyed), InviteDetail)
refused = check("previewInvite", preview_invite.sync(created.code, client=public), Error)
if refused and refused.error.code != ErrorErrorCode.INVITE_USED_UP:
    failures.append(f"previewInvite of a used-up invite: {refused.error.code}, expected invite_used_up")
unknown = check("getInvite", get_invite.sync(str(uuid.uuid4()), client=keyed), Error)
if unknown and unknown.error.code != ErrorErrorCode.INVITE_NOT_FOUND:
    failures.append(f"getInvite of no invite: {unknown.error.code}, expected invite_not_found")

# The lifecycle of an invite of a family of its own, which is then erased.
erased = f"fam-{uuid.uuid4()}"
changing = check("createInvite", create_invite.sync(client=keyed, body=NewInvite(family_id=erased, family_name="The Mensah family")),
                 CreatedInvite)
check("updateInvite", update_invite.sync(changing.id, client=keyed, body=InviteChange(max_redemptions=5)), InviteDetail)
check("reissueInvite", reissue_invite.sync(changing.id, client=keyed), CreatedInvite)
check("listInviteEvents", list_invite_events.sync(changing.id, client=keyed), InviteTimeline)
check("eraseFamily", erase_family.sync(erased, client=keyed), FamilyErasure)

# A webhook endpoint on a port nothing listens on: its deliveries fail, which the API does not wait for.
endpoint = check("createWebhookEndpoint", create_webhook_endpoint.sync(
    client=keyed, body=NewWebhookEndpoint(url="http://127.0.0.1:9/hooks", description="openapi-generate-test")),
    WebhookEndpointWithSecret)
check("listWebhookEndpoints", list_webhook_endpoints.sync(client=keyed), ListWebhookEndpointsResponse200)
check("getWebhookEndpoint", get_webhook_endpoint.sync(endpoint.id, client=keyed), WebhookEndpoint)
check("updateWebhookEndpoint", update_webhook_endpoint.sync(endpoint.id, client=keyed, body=WebhookEndpointChange(description="py")),
      WebhookEndpoint)
check("rotateWebhookSecret", rotate_webhook_secret.sync(endpoint.id, client=keyed,
                                                        body=RotateWebhookSecretBody(previous_expires_in_seconds=0)),
      WebhookEndpointWithSecret)
queued = check("testWebhookEndpoint", test_webhook_endpoint.sync(endpoint.id, client=keyed), TestWebhookEndpointResponse202)
check("listWebhookDeliveries", list_webhook_deliveries.sync(endpoint.id, client=keyed), ListWebhookDeliveriesResponse200)
check("redeliverEvent", redeliver_event.sync(queued.event_id, client=keyed, body=RedeliverEventBody(endpoint_id=endpoint.id)),
      RedeliverEventResponse202)
check("listEvents", list_events.sync(client=keyed), EventPage)
# The admin pages: signed in through the form (the session cookie, Origin as a browser sends it), then each page and form.
web = Client(base_url=base_url, headers={"Origin": base_url}, raise_on_unexpected_status=True)
check("adminSignInForm", admin_sign_in_form.sync_detailed(client=web), None, status=200)
signed_in = admin_sign_in.sync_detailed(client=web, body=AdminSignInBody(key=admin_key))
check("adminSignIn", signed_in, None, status=303)
session = re.match(r"baton_admin=([0-9a-f]{64});", signed_in.headers.get("set-cookie", ""))
if not session:
    failures.append("adminSignIn: no session cookie")
else:
    admin = AuthenticatedClient(base_url=base_url, token=admin_key, headers={"Origin": base_url}, cookies={"baton_admin": session[1]},
                                raise_on_unexpected_status=True)
    search = admin_invite_search.sync_detailed(client=admin)
    check("adminInviteSearch", search, None, status=200)
    token = re.search(r'name="form_token" value="([0-9a-f]{64})"', search.content.decode())[1]
    target = check("createInvite", create_invite.sync(client=keyed, body=NewInvite(family_id=family, family_name="The Okafor family")),
                   CreatedInvite)
    check("adminInviteFind", admin_invite_find.sync_detailed(client=admin, body=AdminInviteFindBody(credential=target.code, form_token=token)),
          None, status=303)
    check("adminInvite", admin_invite.sync_detailed(target.id, client=admin), None, status=200)
    check("adminInviteExtend", admin_invite_extend.sync_detailed(target.id, client=admin, body=AdminInviteExtendBody(days=3, form_token=token)),
          None, status=303)
    check("adminInviteReissue", admin_invite_reissue.sync_detailed(target.id, client=admin, body=AdminInviteReissueBody(form_token=token)),
          None, status=200)
    check("adminInviteRevoke", admin_invite_revoke.sync_detailed(target.id, client=admin, body=AdminInviteRevokeBody(form_token=token)),
          None, status=303)
    check("adminWebhooks", admin_webhooks.sync_detailed(client=admin), None, status=200)
    check("adminEventRedeliver", admin_event_redeliver.sync_detailed(
        queued.event_id, client=admin, body=AdminEventRedeliverBody(endpoint_id=endpoint.id, form_token=token)), None, status=303)
    check("adminQueue", admin_queue.sync_detailed(client=admin), None, status=200)
    check("adminJobRetry", admin_job_retry.sync_detailed(2**62, client=admin, body=AdminJobRetryBody(form_token=token)), None, status=404)
    check("adminJobCancel", admin_job_cancel.sync_detailed(2**62, client=admin, body=AdminJobCancelBody(form_token=token)), None, status=404)
    check("adminAudit", admin_audit.sync_detailed(client=admin), None, status=200)
    check("listAuditEntries", list_audit_entries.sync(client=keyed), AuditPage)
    check("adminSignOut", admin_sign_out.sync_detailed(client=admin, body=AdminSignOutBody(form_token=token)), None, status=303)
check("deleteWebhookEndpoint", delete_webhook_endpoint.sync_detailed(endpoint.id, client=keyed), None, status=204)
check("publicConfiguration", public_configuration.sync(client=public), PublicConfigurationResponse200)

check("getFunnel", get_funnel.sync(client=keyed, family_id=family), FunnelReport)
basic = base64.b64encode(f"ops:{admin_key}".encode()).decode()
dashboard = AuthenticatedClient(base_url=base_url, token=basic, prefix="Basic", raise_on_unexpected_status=True)
check("adminDashboard", admin_dashboard.sync(client=dashboard), str)
check("prometheusMetrics", prometheus_metrics.sync(client=keyed), str)
check("landingPage", landing_page.sync(created.token, client=public), None)
check("landingQRCode", landing_qr_code.sync_detailed(created.token, client=unparsed), None, status=200)
check("appleAppSiteAssociation", apple_app_site_association.sync_detailed(client=public), None, status=200)
check("androidAssetLinks", android_asset_links.sync_detailed(client=public), None, status=200)
check("health", health.sync(client=public), str)
check("readiness", readiness.sync(client=public), str)
check("openAPI", open_api.sync_detailed(client=public), None, status=200)

with urllib.request.urlopen(f"{base_url}/openapi.json") as answer:
    expected = sum(len(methods) for methods in json.load(answer)["paths"].values())
if len(called) != expected:
    failures.append(f"called {len(called)} operations, the document has {expected}: {sorted(called)}")
for failure in failures:
    print(f"openapi-generate-test: {failure}", file=sys.stderr)
sys.exit(1 if failures else 0)
