# JupyterHub for a class on one machine: every learner gets a Jupyter Server of their own, with the Voila
# extension and the kit, that opens the index app. Explained in docs/deploying.md.
#
#   bash scripts/hub_deps.sh                    # JupyterHub, the idle culler and the proxy, into .venv
#   PKT_CLASS_PASSWORD='a class password' PKT_TEACHER_PASSWORD='a teacher password of 32 or more characters' \
#       .venv/bin/jupyterhub -f deploy/jupyterhub/jupyterhub_config.py
#
# Every setting a school may change is an environment variable (PKT_HUB_...); the defaults suit a workshop
# on this machine. Learners log in with any name and the class password; the teacher logs in as
# PKT_TEACHER (default "teacher") with the teacher password and is the hub's admin.
# Tests (tests/serving/test_jupyterhub.py) and the load benchmark (benchmarks/hub_load.py) start the hub with
# this very file, with free ports and a short idle time.
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - JupyterHub provides get_config()

env = os.environ.get
KIT = Path(env("PKT_HUB_KIT_DIR", Path(__file__).resolve().parents[2]))  # holds notebooks/ and binder/
STATE = Path(env("PKT_HUB_STATE_DIR", Path.cwd()))  # the hub's database, cookie secret and proxy pid file
BIN = Path(sys.executable).parent  # the environment the hub runs in; the learners' servers run in it too
STATE.mkdir(parents=True, exist_ok=True)

# ---------------------------------------------------------------------------- addresses and state
# The address learners open. 127.0.0.1 answers on this machine only; for a classroom network put the hub
# behind HTTPS (c.JupyterHub.ssl_cert / ssl_key, or a reverse proxy) and set PKT_HUB_IP=0.0.0.0.
c.JupyterHub.bind_url = f"http://{env('PKT_HUB_IP', '127.0.0.1')}:{env('PKT_HUB_PORT', '8000')}"
c.JupyterHub.hub_ip = "127.0.0.1"  # the hub's own API, for the proxy and the learners' servers
c.JupyterHub.hub_port = int(env("PKT_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{env('PKT_HUB_PROXY_API_PORT', '8001')}"
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")
proxy = shutil.which("configurable-http-proxy", path=f"{BIN}{os.pathsep}{env('PATH', '')}")
if proxy:  # scripts/hub_deps.sh links it into .venv/bin
    c.ConfigurableHTTPProxy.command = [proxy]
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
# how often the hub asks the proxy for each server's last activity (the idle culler reads it)
c.JupyterHub.last_activity_interval = int(env("PKT_HUB_ACTIVITY_INTERVAL", "300"))

# ------------------------------------------------------------------------------------------ login
# A workshop: one class password for every learner, any user name (or only the names in
# PKT_HUB_LEARNERS, comma-separated). The teacher is the admin and has a password of their own.
# A school plugs in its own login instead, for example (each a package from PyPI):
#   c.JupyterHub.authenticator_class = "generic-oauth"   # oauthenticator: the school's OAuth2/OIDC login
#   c.JupyterHub.authenticator_class = "ldapauthenticator.LDAPAuthenticator"
# and keeps the admin_users line below.
teacher = env("PKT_TEACHER", "teacher")
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = env("PKT_CLASS_PASSWORD") or None  # 8 characters or more
c.SharedPasswordAuthenticator.admin_password = env("PKT_TEACHER_PASSWORD") or None  # 32 characters or more
c.Authenticator.admin_users = {teacher}
learners = {name.strip() for name in env("PKT_HUB_LEARNERS", "").split(",") if name.strip()}
if learners:
    c.Authenticator.allowed_users = learners
else:
    c.Authenticator.allow_all = True

# ------------------------------------------------------------------------ each learner's server
# Jupyter Server with the Voila extension (installed with voila), from the hub's own environment, where
# the kit is installed. Its root is the kit's folder, so the apps are at voila/render/notebooks/...
# Its settings (culling of kernels, the 60 s output wait, no tracebacks, the page kernel client) are
# Binder's: binder/jupyter_server_config.json, found through JUPYTER_CONFIG_PATH.
spawner = env("PKT_HUB_SPAWNER", "simple")
if spawner == "systemd":  # jupyterhub-systemdspawner: one systemd unit per learner, limits enforced
    c.JupyterHub.spawner_class = "systemdspawner.SystemdSpawner"
    c.SystemdSpawner.dynamic_users = True  # no system accounts needed
elif spawner == "local":  # a system account per learner (PAM or a matching authenticator)
    c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"
else:  # "simple": every learner's server runs as the hub's user, home in /tmp/<name>; a workshop only
    c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
    c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "home" / "{username}")
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
# Kernels on Unix sockets (the teacher's too): every server on this machine shares its TCP ports, and
# the hub picks a free port for each server before the server binds it; a kernel on TCP that takes it in
# between leaves the learner without a server (seen once here, with other programs' kernels around).
c.Spawner.args = ["--KernelManager.transport=ipc"]
if spawner != "systemd" and os.geteuid() == 0:
    c.Spawner.args += ["--allow-root"]  # a workshop hub run as root starts the servers as root too
c.Spawner.notebook_dir = str(KIT)
c.Spawner.default_url = "/voila/render/notebooks/index.ipynb"
HERE = Path(__file__).resolve().parent
LEARNER_CONFIG = os.pathsep.join([str(KIT / "binder"), str(HERE / "learner")])
c.Spawner.environment = {
    # learners' servers (deploy/jupyterhub/learner/): only the Voila extension, no JupyterLab, no
    # terminals, which saves 0.6 s of CPU and 14 MiB per server at the start (the teacher gets them
    # back); kernels on Unix sockets, since all learners' kernels share this machine's TCP ports, and
    # two kernels started at once could take the same one (one died in a class of 30 arriving at once)
    "JUPYTER_CONFIG_PATH": LEARNER_CONFIG,
    # a short runtime folder: a Unix socket's path has at most 107 characters ("File name too long" from a
    # kernel under a home in a long path), and the socket names take 48 of them
    "JUPYTER_RUNTIME_DIR": lambda spawner: "/tmp/pkt-runtime-" + hashlib.sha256(
        f"{STATE}/{spawner.user.name}".encode()).hexdigest()[:16],
    # how often a learner's server tells the hub it is in use (JupyterHub's default: 300 s)
    "JUPYTERHUB_ACTIVITY_INTERVAL": env("PKT_HUB_ACTIVITY_INTERVAL", "300"),
}
# A class logging in at once starts all its servers at once: on 2 cores, 30 servers took 80 s before
# they answered (docs/deploying.md), longer than JupyterHub's default 30 s.
c.Spawner.start_timeout = 300
c.Spawner.http_timeout = 240

# Limits per learner, from the measurements in docs/deploying.md (a server with the index app and the
# table open: 300 MiB, the server 155 MiB and each app's kernel about 72 MiB; 512M leaves room for two
# more apps). The systemd spawner enforces them; the local spawners only pass them on to the server as
# MEM_LIMIT and CPU_LIMIT.
c.Spawner.mem_limit = env("PKT_HUB_MEM_LIMIT", "512M")
c.Spawner.cpu_limit = float(env("PKT_HUB_CPU_LIMIT", "1"))


def teacher_opens_jupyterlab(spawner: object) -> None:
    """The teacher (an admin) gets JupyterLab with the lessons and the apps; learners get the index app
    and a server with the Voila extension only."""
    if spawner.user.admin:  # type: ignore[attr-defined]
        spawner.default_url = "/lab/tree/notebooks"  # type: ignore[attr-defined]
        spawner.environment = {**spawner.environment, "JUPYTER_CONFIG_PATH": str(KIT / "binder")}  # type: ignore[attr-defined]


c.Spawner.pre_spawn_hook = teacher_opens_jupyterlab

# ------------------------------------------------------------------------------------ idle culler
# A learner's server that has been idle as long as voila.json lets an idle kernel live is stopped.
voila = json.loads((KIT / "voila.json").read_text())
idle = int(env("PKT_HUB_CULL_TIMEOUT", voila["MappingKernelManager"]["cull_idle_timeout"]))
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={idle}",
                f"--cull-every={env('PKT_HUB_CULL_EVERY', '60')}"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]

# ------------------------------------------------------------------------------------- room server
# One table, several learners (docs/rooms.md): the room server as a hub-managed service at
# /services/rooms/, started and stopped by the hub. A learner is the hub user (their hub token, checked by
# the hub), seated at the seat that bears their name; an admin (the teacher) is every room's teacher. The
# rooms' files are in the hub's state folder.
rooms_port = int(env("PKT_HUB_ROOMS_PORT", "8867"))
c.JupyterHub.services.append({
    "name": "rooms",
    "url": f"http://127.0.0.1:{rooms_port}",
    "command": [sys.executable, "-m", "pokerkit_teach", "room", "serve", "--hub", "--port", str(rooms_port),
                "--data", str(STATE / "rooms")],
    "display": False,
})
# the learners' own servers may reach the room service on their behalf
c.JupyterHub.load_roles.append({"name": "user", "scopes": ["self", "access:services!service=rooms"]})
# the learners' kernels reach the service directly on this machine, with their hub token (widgets/room_table.py)
c.Spawner.environment["PKT_ROOMS_URL"] = f"http://127.0.0.1:{rooms_port}/services/rooms"

c.JupyterHub.cleanup_servers = True  # stopping the hub stops every learner's server
