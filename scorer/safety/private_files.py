"""The instance folder and the SQLite database are readable by the app's user only.

They hold every saved game and the secret key that signs sessions and the device cookies.
The folder is created with mode 700 (and tightened to it when it already exists, as a git
checkout leaves it at 755) by the factory; the database file is created empty with mode 600 by
the storage layer just before SQLite first opens it (:func:`private_file`), since SQLite
would create it with the umask's 644. SQLite gives its ``-wal``
and ``-shm`` files the database file's mode. A folder or file the app's user does not own is
left as it is.
"""

from __future__ import annotations

import os
import stat

from flask import Flask

FOLDER_MODE = 0o700
FILE_MODE = 0o600


def private_folder(path: str) -> None:
    os.makedirs(path, mode=FOLDER_MODE, exist_ok=True)
    try:
        if stat.S_IMODE(os.stat(path).st_mode) & 0o077:
            os.chmod(path, FOLDER_MODE)
    except OSError:  # not ours to change (a read-only or shared deployment)
        pass


def private_file(path: str) -> None:
    """Create ``path`` empty with mode 600 unless it exists (an empty file is an empty database)."""
    directory = os.path.dirname(path)
    if directory and not os.path.isdir(directory):
        os.makedirs(directory, mode=FOLDER_MODE, exist_ok=True)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    except FileExistsError:
        pass


def init_app(app: Flask) -> None:
    private_folder(app.instance_path)
