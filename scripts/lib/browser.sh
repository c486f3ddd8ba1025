# Sourced by the scripts that drive headless Chromium (landing-screenshots,
# admin-browser-test): installs Debian's chromium and chromium-driver, and
# Selenium as pinned in scripts/browser-requirements.txt into BROWSER_VENV
# (default .venv-browser) on first run or when a pin changes. Sets
# BROWSER_PYTHON to that environment's python. $1 names the caller in the
# install message.
browser_setup() {
    local venv=${BROWSER_VENV:-.venv-browser} requirements=scripts/browser-requirements.txt
    case $venv in /*) ;; *) venv=$PWD/$venv ;; esac
    scripts/setup chromium chromium-driver python3-venv
    # Reinstalled whenever any pin differs, not only Selenium's (a new tool such as axe-selenium-python counts).
    if [ "$("$venv/bin/python" -m pip freeze 2>/dev/null | sort -f)" != "$(grep -v '^#' "$requirements" | sort -f)" ]; then
        echo "$1: installing $requirements into $venv" >&2
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    fi
    BROWSER_PYTHON=$venv/bin/python
}
