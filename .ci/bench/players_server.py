"""`hunt serve --players` started for a bench: the process, its port and each team's room path."""
import os, re, subprocess


def serve_players(hunt, data, teams, options):
    """Serves DATA/hunt.yaml and DATA/submissions with --players --quiet and OPTIONS on a free
    port; returns the process, the port and {team: "/t/<token>"} once TEAMS URLs are printed."""
    server = subprocess.Popen([hunt, "serve", os.path.join(data, "hunt.yaml"), os.path.join(data, "submissions"), "--listen", "127.0.0.1:0",
                               "--players", "--quiet"] + options, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    urls = {}
    for line in server.stdout:
        m = re.match(r"team (\S+): (\S+)", line)
        if m:
            urls[m.group(1)] = m.group(2)
            if len(urls) == teams:
                break
    port = int(re.search(r":(\d+)/", next(iter(urls.values()))).group(1))
    return server, port, {team: url.split(str(port), 1)[1] for team, url in urls.items()}
