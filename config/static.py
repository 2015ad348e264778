"""How /static/ is stored and named (WhiteNoise serves it from the app itself)."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    """After `collectstatic` (`make run` and every deployment run it), each file is served by its
    hashed name, compressed and cached for a year. A file not collected yet (the test suite, a
    fresh checkout, a file added since) keeps its own name and is found in the apps."""

    manifest_strict = False

    def stored_name(self, name: str) -> str:
        try:
            return super().stored_name(name)
        except ValueError:  # neither in the manifest nor in STATIC_ROOT
            return name
