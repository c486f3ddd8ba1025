"""Checks the rendered deploy/k8s kustomization (scripts/check-deploy runs it):

- no Secret and no placeholder secret value (`change-me`, a run of zeros,
  `<openssl ...>`) anywhere in what `kubectl apply -k` would apply;
- every image named by registry and tag or digest, never `latest`;
- the migration Job named after the release tag;
- every workload's selector carries the app.kubernetes.io name, instance and
  component labels and matches its pod template, and every Service,
  PodDisruptionBudget and ServiceMonitor selects something;
- the built-in kinds valid against Kubernetes' schemas (kubernetes-validate,
  strict), when it is installed.

Usage: python3 scripts/lib/check_k8s.py DIR   (exit 1 listing every problem)
"""

import re
import sys

import kustomize

PLACEHOLDERS = [
    re.compile(r"change-?me", re.IGNORECASE),
    re.compile(r"0{32,}"),
    re.compile(r"<openssl"),
]
SELECTOR_LABELS = ["app.kubernetes.io/name", "app.kubernetes.io/instance", "app.kubernetes.io/component"]
# Custom resources: their schemas come with their operators, not Kubernetes.
CUSTOM_KINDS = {"Cluster", "ServiceMonitor"}


def problems(documents, kubernetes_validate=None, kubernetes_version="1.31.0"):
    """Every problem found in the rendered `documents`, as sentences."""
    found = []
    for document in documents:
        where = f"{document.get('kind')}/{document.get('metadata', {}).get('name')}"
        if document.get("kind") == "Secret":
            found.append(f"{where}: the kustomization must not carry a Secret (operators create it)")
        for value in _strings(document):
            for placeholder in PLACEHOLDERS:
                if placeholder.search(value):
                    found.append(f"{where}: placeholder value matching /{placeholder.pattern}/")
        found += [f"{where}: {p}" for p in _image_problems(document)]
        found += [f"{where}: {p}" for p in _selector_problems(document, documents)]
        if kubernetes_validate and document.get("kind") not in CUSTOM_KINDS:
            try:
                kubernetes_validate.validate(document, kubernetes_version, strict=True)
            except Exception as error:  # the library's several error types
                found.append(f"{where}: {str(error).splitlines()[0]}")
    found += _migrate_job_problems(documents)
    return found


def _strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


def _images(document):
    template = kustomize.pod_template(document)
    spec = (template or {}).get("spec", {})
    return [c.get("image", "") for c in spec.get("containers", []) + spec.get("initContainers", [])]


def _image_problems(document):
    found = []
    for image in _images(document):
        name = kustomize.image_name(image)
        first = name.split("/", 1)[0]
        tag = image[len(name):]
        if "/" not in name or not ("." in first or ":" in first):
            found.append(f"image {image} names no registry")
        if not tag or tag == ":latest":
            found.append(f"image {image} has no release tag or digest")
    return found


def _selector(document):
    kind, spec = document.get("kind"), document.get("spec", {})
    if kind == "Service":
        return spec.get("selector")
    if kind in kustomize.TEMPLATE_PATHS or kind in ("PodDisruptionBudget", "ServiceMonitor"):
        return (spec.get("selector") or {}).get("matchLabels")
    return None


def _selector_problems(document, documents):
    selector = _selector(document)
    kind = document.get("kind")
    if selector is None:
        return ["no selector"] if kind in ("Deployment", "Service", "PodDisruptionBudget", "ServiceMonitor") else []
    if kind == "ServiceMonitor":
        targets = [d.get("metadata", {}).get("labels", {}) for d in documents if d.get("kind") == "Service"]
    else:
        targets = [(kustomize.pod_template(d).get("metadata") or {}).get("labels", {}) for d in documents
                   if kustomize.pod_template(d) is not None]
    found = []
    if kind in ("Deployment", "Service", "PodDisruptionBudget"):
        # A Service may span components (baton-metrics: every API and worker pod).
        required = SELECTOR_LABELS[:2] if kind == "Service" else SELECTOR_LABELS
        missing = [label for label in required if label not in selector]
        if missing:
            found.append(f"selector lacks {missing}")
    if not any(all(labels.get(k) == v for k, v in selector.items()) for labels in targets):
        found.append(f"selector {selector} matches nothing")
    if kind in kustomize.TEMPLATE_PATHS:
        own = (kustomize.pod_template(document).get("metadata") or {}).get("labels", {})
        if not all(own.get(k) == v for k, v in selector.items()):
            found.append("selector does not match its own pod template")
    return found


def _migrate_job_problems(documents):
    jobs = [d for d in documents if d.get("kind") == "Job"]
    found = []
    for job in jobs:
        for image in _images(job):
            tag = image[len(kustomize.image_name(image)):].lstrip(":@")
            expected = "baton-migrate-" + re.sub(r"[^a-z0-9]+", "-", tag.lower()).strip("-")
            if job["metadata"]["name"] != expected:
                found.append(f"Job/{job['metadata']['name']}: a release's migration Job is named {expected} (its image tag)")
    return found


if __name__ == "__main__":
    try:
        import kubernetes_validate
    except ImportError:
        kubernetes_validate = None
        print("check_k8s: kubernetes-validate not installed; schema validation SKIPPED", file=sys.stderr)
    rendered = kustomize.render(sys.argv[1])
    listed = problems(rendered, kubernetes_validate)
    for problem in listed:
        print(f"check_k8s: {problem}", file=sys.stderr)
    if listed:
        sys.exit(1)
    print(f"check_k8s: {len(rendered)} rendered documents ok" + (" (schemas: kubernetes " + "1.31.0)" if kubernetes_validate else ""))
