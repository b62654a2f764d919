"""The README's spark-submit recipe on a cluster of separate executor JVMs
(`local-cluster[2,1,1024]`): the wheel reaches the executors only through `--archives`, as a
real cluster's would, and the reports equal the CLI's."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import REPO, TESTDATA, run_cli, split_gzip

pytest.importorskip("pyspark")

DRIVER = """\
import os, sys
# The driver machine has the package installed (here: the unpacked wheel, on the driver only).
sys.path.insert(0, os.environ["RA_DRIVER_SITE"])
from robots_audit.spark import main
sys.exit(main())
"""


def the_wheel() -> Path:
    env = os.environ.get("RA_WHEEL")
    if env:
        return Path(env)
    wheels = sorted((REPO / "target" / "wheels").glob("robots_audit-*manylinux*.whl"), key=lambda w: w.stat().st_mtime)
    if not wheels:
        pytest.skip("no manylinux wheel built (maturin build --zig --compatibility manylinux2014)")
    return wheels[-1]


def spark_home(tmp_path: Path) -> Path:
    """pyspark's folder seen through links, so that the local cluster's workers make their
    `work/` folders (the executors' working directories) here, not inside the venv."""
    import pyspark

    real = Path(pyspark.__file__).parent
    home = tmp_path / "spark-home"
    home.mkdir()
    for entry in real.iterdir():
        if entry.name != "work":
            (home / entry.name).symlink_to(entry)
    return home


def test_spark_submit_ships_the_wheel_with_archives(cli: Path, tmp_path: Path) -> None:
    wheel = the_wheel()
    assert "manylinux_2_17" in wheel.name or "manylinux2014" in wheel.name, wheel.name
    spark_submit = Path(sys.executable).parent / "spark-submit"
    assert spark_submit.exists(), "pyspark's spark-submit beside this Python"
    site = tmp_path / "driver-site"
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYSPARK_DRIVER_PYTHON")}
    env.update(
        SPARK_LOCAL_IP="127.0.0.1",
        PYSPARK_PYTHON=sys.executable,
        RA_DRIVER_SITE=str(site),
        SPARK_HOME=str(spark_home(tmp_path)),
    )
    # The executors' Python must not find the package anywhere but in the archive, or this
    # test would prove nothing.
    probe = subprocess.run([sys.executable, "-c", "import robots_audit"], env=env, cwd=tmp_path, capture_output=True)
    assert probe.returncode != 0, "robots_audit is importable without the archive"

    # A wheel is a zip file, but Spark (and YARN) unpack archives by their file name's
    # extension: shipped as a .zip it is unpacked, as a .whl it would be copied whole (and
    # Python cannot load native code from inside a zip, which is why --py-files fails too).
    archive = tmp_path / "robots_audit.zip"
    shutil.copyfile(wheel, archive)
    shutil.copytree(TESTDATA / "robots-dir", tmp_path / "robots-dir")
    logs = split_gzip(TESTDATA / "access.log", tmp_path, 4, absolute=False)
    (tmp_path / "job.py").write_text(DRIVER)
    reports = ["--out", "{p}out.csv", "--summary", "{p}summary.csv", "--hosts", "{p}hosts.csv", "--inputs", "{p}inputs.csv"]
    cmd = [
        str(spark_submit),
        "--master", "local-cluster[2,1,1024]",
        "--archives", f"{archive}#robots_audit_whl",
        "--conf", "spark.executorEnv.PYTHONPATH=robots_audit_whl",
        "--conf", "spark.ui.enabled=false",
        "job.py", *logs, "--robots-dir", "robots-dir",
        *[r.format(p="spark-") for r in reports],
    ]  # fmt: skip
    done = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-5000:]
    cli_done = run_cli(cli, [*logs, "--robots-dir", "robots-dir", *[r.format(p="cli-") for r in reports]], tmp_path)
    assert cli_done.returncode == 0, cli_done.stderr
    for name in ("out", "summary", "hosts", "inputs"):
        assert (tmp_path / f"spark-{name}.csv").read_bytes() == (tmp_path / f"cli-{name}.csv").read_bytes(), name
    assert (tmp_path / "cli-out.csv").read_bytes().count(b"\n") > 100
    # The executors were separate processes that unpacked the archive in their own folders.
    unpacked = list((tmp_path / "spark-home" / "work").glob("app-*/*/robots_audit_whl/robots_audit/_native*.so"))
    assert len(unpacked) == 2, unpacked
