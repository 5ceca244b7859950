def main():
    raise SystemExit("cryptoppa: not yet")
