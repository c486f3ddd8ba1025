"""Tests of the deploy checkers: python3 -m unittest discover -s scripts/lib
(scripts/check-deploy runs them before using the checkers)."""

import os
import tempfile
import textwrap
import unittest

import check_k8s
import image_context
import kustomize

DEPLOYMENT = """
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app.kubernetes.io/name: baton
      app.kubernetes.io/instance: baton
      app.kubernetes.io/component: api
  template:
    metadata:
      labels:
        app.kubernetes.io/name: baton
        app.kubernetes.io/instance: baton
        app.kubernetes.io/component: api
    spec:
      containers:
        - name: api
          image: baton
"""


def write(directory, files):
    for name, text in files.items():
        with open(os.path.join(directory, name), "w", encoding="utf-8") as file:
            file.write(textwrap.dedent(text))


class KustomizeRenderTests(unittest.TestCase):
    def render(self, kustomization, **files):
        with tempfile.TemporaryDirectory() as directory:
            write(directory, {"kustomization.yaml": kustomization, **files})
            return kustomize.render(directory)

    def test_labels_reach_metadata_and_templates_but_not_selectors(self):
        kustomization = """
            resources: [web.yaml]
            labels:
              - includeTemplates: true
                pairs: {app.kubernetes.io/part-of: baton}
        """
        [web] = self.render(kustomization, **{"web.yaml": DEPLOYMENT})
        self.assertEqual(web["metadata"]["labels"], {"app.kubernetes.io/part-of": "baton"})
        self.assertEqual(web["spec"]["template"]["metadata"]["labels"]["app.kubernetes.io/part-of"], "baton")
        self.assertNotIn("app.kubernetes.io/part-of", web["spec"]["selector"]["matchLabels"])

    def test_images_are_renamed_and_tagged_by_name_only(self):
        kustomization = """
            resources: [web.yaml]
            images:
              - {name: baton, newName: registry.example.com/baton, newTag: "1.2.3"}
        """
        [web] = self.render(kustomization, **{"web.yaml": DEPLOYMENT})
        self.assertEqual(web["spec"]["template"]["spec"]["containers"][0]["image"], "registry.example.com/baton:1.2.3")
        self.assertEqual(kustomize.image_name("host:5000/team/baton:1.0"), "host:5000/team/baton")
        self.assertEqual(kustomize.image_name("baton@sha256:ab"), "baton")

    def test_unsupported_features_are_refused_not_guessed(self):
        for kustomization in ("resources: [web.yaml]\nnamePrefix: x-\n",
                              "resources: [web.yaml]\nlabels: [{includeSelectors: true, pairs: {a: b}}]\n",
                              "resources: [https://example.com/x.yaml]\n"):
            with self.assertRaises(kustomize.RenderError):
                self.render(kustomization, **{"web.yaml": DEPLOYMENT})


class KubernetesCheckTests(unittest.TestCase):
    def documents(self, text):
        import yaml
        return [d for d in yaml.safe_load_all(textwrap.dedent(text)) if d]

    def test_placeholders_and_secrets_fail(self):
        secret = """
            apiVersion: v1
            kind: Secret
            metadata: {name: s}
            stringData:
              BATON_SECRET_KEY: "0000000000000000000000000000000000000000000000000000000000000000"
              BATON_WEBHOOK_SECRET: change-me-webhook-secret
        """
        found = check_k8s.problems(self.documents(secret))
        self.assertTrue(any("must not carry a Secret" in p for p in found))
        self.assertTrue(any("0{32,}" in p for p in found))
        self.assertTrue(any("change-?me" in p for p in found))

    def test_images_need_a_registry_and_a_tag(self):
        for image, ok in (("baton:latest", False), ("registry.example.com/baton", False),
                          ("registry.example.com/baton:latest", False), ("registry.example.com/baton:1.0", True),
                          ("localhost:5000/baton@sha256:ab", True)):
            [web] = self.documents(DEPLOYMENT.replace("image: baton", f"image: {image}"))
            found = [p for p in check_k8s.problems([web]) if "image" in p]
            self.assertEqual(found == [], ok, (image, found))

    def test_selectors_need_the_app_labels_and_a_match(self):
        narrow = DEPLOYMENT.replace("      app.kubernetes.io/name: baton\n      app.kubernetes.io/instance: baton\n", "", 1)
        [web] = self.documents(narrow.replace("image: baton", "image: r.example.com/baton:1"))
        self.assertTrue(any("selector lacks" in p for p in check_k8s.problems([web])))
        service = """
            apiVersion: v1
            kind: Service
            metadata: {name: s}
            spec:
              selector: {app.kubernetes.io/name: other, app.kubernetes.io/instance: baton}
        """
        self.assertTrue(any("matches nothing" in p for p in check_k8s.problems(self.documents(service))))

    def test_the_migration_job_is_named_after_its_tag(self):
        job = """
            apiVersion: batch/v1
            kind: Job
            metadata: {name: baton-migrate}
            spec:
              template:
                spec:
                  containers: [{name: m, image: "r.example.com/baton:1.4.0"}]
        """
        found = check_k8s.problems(self.documents(job))
        self.assertTrue(any("named baton-migrate-1-4-0" in p for p in found), found)


class ImageContextTests(unittest.TestCase):
    def test_copy_lines_of_the_build_stage_only(self):
        dockerfile = """
            FROM swift AS build
            WORKDIR /src
            COPY Package.swift ./
            COPY Sources ./Sources
            RUN swift build \\
              --product baton
            FROM debian AS runtime
            COPY --from=build /out/baton /usr/local/bin/baton
        """
        copies, workdir = image_context.build_stage_copies(textwrap.dedent(dockerfile))
        self.assertEqual(copies, [(["Package.swift"], "./"), (["Sources"], "./Sources")])
        self.assertEqual(workdir, "/src")

    def test_dockerignore_patterns_with_exceptions(self):
        patterns = image_context.ignore_patterns(".build\nfuzz/*/corpus\n**/*.tmp\n!keep.tmp\n")
        ignored = {p: image_context.is_ignored(p, patterns) for p in
                   [".build/x/y", "fuzz/routes/corpus/a", "fuzz/routes/x.swift", "a/b/c.tmp", "keep.tmp", "Sources/a.swift"]}
        self.assertEqual(ignored, {".build/x/y": True, "fuzz/routes/corpus/a": True, "fuzz/routes/x.swift": False,
                                   "a/b/c.tmp": True, "keep.tmp": False, "Sources/a.swift": False})

    def test_layout_and_sync_copy_exactly_the_context(self):
        with tempfile.TemporaryDirectory() as root, tempfile.TemporaryDirectory() as out:
            os.makedirs(os.path.join(root, "Sources/a"))
            os.makedirs(os.path.join(root, "Sources/a/tmp"))
            write(root, {"Package.swift": "x", "Sources/a/a.swift": "y", "Sources/a/tmp/t": "z", "Other": "o"})
            patterns = image_context.ignore_patterns("Sources/a/tmp\n")
            files = image_context.context_files(root, [(["Package.swift"], "./"), (["Sources"], "./Sources")], "/src", patterns)
            self.assertEqual(files, {"Package.swift": "Package.swift", "Sources/a/a.swift": "Sources/a/a.swift"})
            os.makedirs(os.path.join(out, "Stale"))
            write(out, {"Stale/old": "s"})
            image_context.sync(root, files, out)
            listed = sorted(os.path.relpath(os.path.join(d, n), out) for d, _, ns in os.walk(out) for n in ns)
            self.assertEqual(listed, ["Package.swift", "Sources/a/a.swift"])
            with self.assertRaises(image_context.ContextError):
                image_context.context_files(root, [(["Missing"], "./")], "/src", patterns)


if __name__ == "__main__":
    unittest.main()
