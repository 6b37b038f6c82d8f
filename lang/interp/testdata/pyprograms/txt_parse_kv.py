config = """
# comment line
host = example.com
port = 8080
debug = true

timeout = 2.5
"""
settings = {}
for line in config.splitlines():
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    k, _, v = line.partition("=")
    settings[k.strip()] = v.strip()
print(settings)
port = int(settings["port"])
print(port + 1, float(settings["timeout"]) * 2, settings["debug"] == "true")
