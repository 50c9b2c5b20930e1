"""The reference data folder for the test scripts, found as the C tests find
it (sa_test_shared in tests/test_util.h): CMake passes paths under
../shared (beside the repository); when the environment variable
SA_SHARED_DIR is set, it stands for that folder instead."""
import os

DEFAULT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared"))


def shared_path(path):
    """path, with a leading <repository>/../shared replaced by $SA_SHARED_DIR
    when that is set; any other path as given."""
    env = os.environ.get("SA_SHARED_DIR")
    full = os.path.normpath(os.path.abspath(path))
    if not env or not (full == DEFAULT or full.startswith(DEFAULT + os.sep)):
        return path
    return os.path.normpath(os.path.join(env, os.path.relpath(full, DEFAULT)))
