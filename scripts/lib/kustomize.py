"""Renders a kustomization without kubectl: just the features deploy/k8s uses.

Supported: `resources` (local YAML files, several documents each), `labels`
(`pairs` on every resource's metadata, and with `includeTemplates` on pod
templates; `includeSelectors` is refused, since kustomize would then also
rewrite NetworkPolicy peer selectors) and `images` (`newName`, `newTag`,
`digest`). Any other key, or a remote or directory resource, is an error:
this renderer must never pass what kustomize would render differently.

Usage: python3 scripts/lib/kustomize.py DIR   (prints the documents)
"""

import copy
import os
import sys

import yaml

SUPPORTED = {"apiVersion", "kind", "resources", "labels", "images"}
# Where pod templates live, by kind: the paths kustomize's label and image
# transformers visit.
TEMPLATE_PATHS = {
    "Deployment": ["spec", "template"],
    "StatefulSet": ["spec", "template"],
    "DaemonSet": ["spec", "template"],
    "ReplicaSet": ["spec", "template"],
    "Job": ["spec", "template"],
    "CronJob": ["spec", "jobTemplate", "spec", "template"],
}


class RenderError(Exception):
    """A kustomization this renderer does not support, or a broken one."""


def render(directory):
    """The rendered documents of `directory`/kustomization.yaml, in resource order."""
    with open(os.path.join(directory, "kustomization.yaml"), encoding="utf-8") as file:
        kustomization = yaml.safe_load(file)
    unknown = set(kustomization) - SUPPORTED
    if unknown:
        raise RenderError(f"unsupported kustomization keys: {sorted(unknown)}")
    documents = []
    for resource in kustomization.get("resources", []):
        path = os.path.normpath(os.path.join(directory, resource))
        if "://" in resource or not os.path.isfile(path):
            raise RenderError(f"resource {resource} is not a local file")
        with open(path, encoding="utf-8") as file:
            documents += [d for d in yaml.safe_load_all(file) if d is not None]
    for entry in kustomization.get("labels", []):
        _apply_labels(documents, entry)
    for image in kustomization.get("images", []):
        _apply_image(documents, image)
    return documents


def pod_template(document):
    """The pod template of a workload document, or None."""
    path = TEMPLATE_PATHS.get(document.get("kind"))
    node = document if path else None
    for key in path or []:
        node = node.get(key) if isinstance(node, dict) else None
    return node


def _apply_labels(documents, entry):
    unknown = set(entry) - {"pairs", "includeTemplates", "includeSelectors"}
    if unknown or entry.get("includeSelectors"):
        raise RenderError(f"unsupported labels entry: {entry}")
    pairs = entry.get("pairs", {})
    for document in documents:
        metadata = document.setdefault("metadata", {})
        metadata["labels"] = {**(metadata.get("labels") or {}), **pairs}
        template = pod_template(document)
        if entry.get("includeTemplates") and template is not None:
            template_metadata = template.setdefault("metadata", {})
            template_metadata["labels"] = {**(template_metadata.get("labels") or {}), **pairs}


def _apply_image(documents, image):
    unknown = set(image) - {"name", "newName", "newTag", "digest"}
    if unknown or "name" not in image:
        raise RenderError(f"unsupported images entry: {image}")
    for document in documents:
        template = pod_template(document)
        if template is None:
            continue
        spec = template.get("spec", {})
        for container in spec.get("containers", []) + spec.get("initContainers", []):
            if image_name(container.get("image", "")) == image["name"]:
                container["image"] = _new_image(container["image"], image)


def image_name(reference):
    """The repository part of an image reference (no tag, no digest)."""
    name = reference.split("@", 1)[0]
    last_slash = name.rfind("/")
    colon = name.rfind(":")
    return name[:colon] if colon > last_slash else name


def _new_image(reference, image):
    name = image.get("newName", image_name(reference))
    if "digest" in image:
        return f"{name}@{image['digest']}"
    rest = reference[len(image_name(reference)):]
    return name + (f":{image['newTag']}" if "newTag" in image else rest)


def dump(documents):
    """The documents as one YAML stream, as `kubectl kustomize` prints them."""
    return yaml.safe_dump_all([copy.deepcopy(d) for d in documents], sort_keys=False, explicit_start=True)


if __name__ == "__main__":
    sys.stdout.write(dump(render(sys.argv[1])))
