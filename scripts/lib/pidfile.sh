# Pid files that can tell whether a pid still belongs to the process a script started.
# Source after common.sh.
#
# A pid file holds one line: "PID START PROGRAM", where START is the process's start time
# (field 22 of /proc/PID/stat: clock ticks after boot, fixed at fork and kept across exec)
# and PROGRAM the name of the executable it runs. Once that process has exited, the kernel
# may give its pid to any other process (a service restarted by hand, an editor, a shell):
# a pid is only the script's own while both the start time and the program still match.

# cb_proc_start_time PID: the start time of PID, or nothing when no such process exists.
cb_proc_start_time() {
    local stat rest
    stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
    [ -n "$stat" ] || return 1
    # The command name (field 2) is in parentheses and may hold spaces: skip past it.
    rest="${stat##*) }"
    # shellcheck disable=SC2086
    set -- $rest
    # Fields after the name start at 3 (state): the start time, field 22, is the 20th.
    echo "${20}"
}

# cb_proc_alive PID: does PID run (a zombie, exited but not yet reaped, does not)?
cb_proc_alive() {
    local stat rest
    stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
    rest="${stat##*) }"
    [ -n "$stat" ] && [ "${rest:0:1}" != Z ]
}

# cb_proc_runs PID PROGRAM: does PID's command line run PROGRAM (as its executable, or as
# a script or module given to an interpreter)?
cb_proc_runs() {
    local pid="$1" program="$2" arg
    [ -r "/proc/$pid/cmdline" ] || return 1
    while IFS= read -r -d '' arg; do
        [ "${arg##*/}" = "$program" ] && return 0
    done <"/proc/$pid/cmdline"
    return 1
}

# cb_pid_record FILE PID PROGRAM: write the pid file of a process just started (with &).
# Right after `&` the child may still be the shell that is about to exec PROGRAM, so wait
# (up to 5 s) until its command line names PROGRAM or it has exited: a check made just
# after the record then never mistakes the starting process for another one.
cb_pid_record() {
    local start i
    for i in $(seq 1 100); do
        cb_proc_runs "$2" "$3" && break
        cb_proc_alive "$2" || break
        sleep 0.05
    done
    start="$(cb_proc_start_time "$2")" || start=0
    printf '%s %s %s\n' "$2" "$start" "$3" >"$1"
}

# cb_pid_read FILE: print the pid of FILE when that process is still the one recorded
# (same start time, same program); print nothing otherwise. With a second argument
# "report", say on stderr why a pid that is alive is not taken.
cb_pid_read() {
    local file="$1" report="${2:-}" pid start program now
    read -r pid start program <"$file" 2>/dev/null || true
    [ -n "$pid" ] || return 0
    now="$(cb_proc_start_time "$pid")" || return 0
    if [ -z "$start" ] || [ -z "$program" ] || [ "$start" != "$now" ] || ! cb_proc_runs "$pid" "$program"; then
        if [ "$report" = report ]; then
            local what
            what="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-80)"
            if [ -z "$program" ]; then
                cb_log "$(basename "$file") holds only a pid (an older format): not signalling pid $pid ($what); stop it by hand if it is still the demo's"
            else
                cb_log "$(basename "$file"): pid $pid is no longer the $program the demo started (now: $what); not signalling it"
            fi
        fi
        return 0
    fi
    echo "$pid"
}

# cb_pid_starting FILE: does the process FILE records, started moments ago by this script,
# still run (not exited, not a zombie, same start time)? Start-up waits use this, never
# cb_pid_read: while `env … PROGRAM` (or a shell) execs PROGRAM, /proc/PID/cmdline reads
# empty for an instant, and the program match of cb_pid_read would call a healthy start
# dead. The start time is fixed at fork and kept across exec, so it alone tells the
# process apart from one that got its pid later.
cb_pid_starting() {
    local pid start now
    read -r pid start _ <"$1" 2>/dev/null || return 1
    # Start time 0: the process had already exited when its pid file was written.
    [ -n "$pid" ] && [ "$start" != 0 ] && cb_proc_alive "$pid" || return 1
    now="$(cb_proc_start_time "$pid")" || return 1
    [ -z "$start" ] || [ "$start" = "$now" ]
}

# cb_wait_started FILE TRIES PAUSE PROBE [ARGS…]: runs PROBE until it succeeds (return 0),
# at most TRIES times PAUSE seconds apart, while the process FILE records is still starting
# (cb_pid_starting); returns 1 as soon as that process has exited, 2 when TRIES ran out.
cb_wait_started() {
    local file="$1" tries="$2" pause="$3" i
    shift 3
    for ((i = 0; i < tries; i++)); do
        "$@" && return 0
        cb_pid_starting "$file" || return 1
        sleep "$pause"
    done
    return 2
}
