# bash completion for fleetscope. The candidates come from the program itself
# (`fleetscope __complete WORDS...`), so the subcommands and options are always
# those its parser accepts; --context offers the kubeconfig's contexts, and
# HUB/NAMESPACE/NAME targets come from the last `fleetscope list` (10 minutes).
_fleetscope()
{
    local cur=${COMP_WORDS[COMP_CWORD]}
    local IFS=$'\n'
    local -a candidates
    candidates=($("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)) || return 0
    # bash splits "--context=" at the "="; the value then starts empty.
    [[ $cur == "=" ]] && cur=""
    if [[ ${candidates[0]} == ":files" ]]; then
        compopt -o filenames 2>/dev/null
        candidates=($(compgen -f -- "$cur"))
    fi
    COMPREPLY=("${candidates[@]}")
}
# With no candidates (a command after "--", a value of its own) bash completes file names.
complete -o default -F _fleetscope fleetscope
