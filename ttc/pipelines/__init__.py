"""Pass registry, `--pass-pipeline` grammar, `pipelines.yaml` loading and the pass runner."""
