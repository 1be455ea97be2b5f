# hub.extraConfig for deploy/z2jh/values.yaml (helm ... --set-file hub.extraConfig.pokerkit=deploy/z2jh/profiles.py):
# teachers (the hub's admins) choose between the apps and JupyterLab with the lessons; learners get no
# choice, their server opens the index app. Runs inside the hub, where `c` is the hub's config.
# ruff: noqa: F821 - `c` is given by the hub


def pokerkit_profiles(spawner):
    if not spawner.user.admin:
        return []  # no form: the learner's server starts at once with singleuser's settings
    return [
        {
            "display_name": "The apps, as a learner sees them",
            "default": True,
        },
        {
            "display_name": "JupyterLab: the lessons, the apps and the notebooks",
            "kubespawner_override": {
                "default_url": "/lab/tree/notebooks",
                # Binder's server config only (JupyterLab and terminals on)
                "environment": {"JUPYTER_CONFIG_PATH": "/home/jovyan/.jupyter"},
                "mem_guarantee": "512M",
                "mem_limit": "2G",
                "cpu_limit": 2,
            },
        },
    ]


c.KubeSpawner.profile_list = pokerkit_profiles
