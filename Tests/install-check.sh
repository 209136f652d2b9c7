#!/bin/sh
# Checks an installed soma under PREFIX (the argument): what `make install` promises a user.
# Run by `make install-check` (part of `make test`); prints one line per check and fails on the
# first that does not hold.
set -eu
prefix=$1
fail() { echo "install-check: FAILED: $*" >&2; exit 1; }
ok() { echo "install-check: ok: $*"; }

soma=$prefix/bin/soma
[ -x "$soma" ] || fail "$soma is not an executable file"
version=$("$soma" --version) || fail "$soma --version exited non-zero"
ok "bin/soma runs ($version)"
"$prefix/bin/soma" serve --help | grep -q -- '--listen' || fail "soma serve --help does not reach bin/soma-server"
ok "bin/soma serve runs bin/soma-server"

man=$prefix/share/man/man1/soma.1
[ -f "$man" ] || fail "no man page at $man"
head -c 200 "$man" | grep -q '^\.Dt SOMA 1' || fail "$man is not a section-1 mdoc page"
for command in play pento design solve show figures merge scores serve; do
  grep -q "^\.It Em $command\$" "$man" || fail "the man page does not describe '$command'"
done
if command -v man >/dev/null 2>&1; then
  MANWIDTH=80 man -l "$man" 2>/dev/null | grep -q 'SYNOPSIS' || fail "man -l $man does not render"
fi
ok "man page $man describes every command"

bash_file=$prefix/share/bash-completion/completions/soma
[ -f "$bash_file" ] || fail "no bash completion at $bash_file"
bash -n "$bash_file" || fail "$bash_file is not valid bash"
bash -c ". '$bash_file' && complete -p soma" >/dev/null || fail "$bash_file registers no completion for soma"
ok "bash completion $bash_file"

zsh_file=$prefix/share/zsh/site-functions/_soma
[ -f "$zsh_file" ] || fail "no zsh completion at $zsh_file"
head -n 1 "$zsh_file" | grep -q '^#compdef soma' || fail "$zsh_file does not start with #compdef soma"
if command -v zsh >/dev/null 2>&1; then zsh -n "$zsh_file" || fail "$zsh_file is not valid zsh"; fi
ok "zsh completion $zsh_file"

fish_file=$prefix/share/fish/vendor_completions.d/soma.fish
[ -f "$fish_file" ] || fail "no fish completion at $fish_file"
grep -q "^complete -c 'soma'" "$fish_file" || fail "$fish_file completes nothing for soma"
if command -v fish >/dev/null 2>&1; then fish --no-execute "$fish_file" || fail "$fish_file is not valid fish"; fi
ok "fish completion $fish_file"
