# Sourced by the shell tests: check LABEL GOT EXPECTED prints "ok: LABEL"
# or "FAILED: LABEL: got ..., expected ..." and counts it; the test ends
# with its line "NAME: $passed passed, $failed failed".
passed=0
failed=0
check() {
	if [[ $2 == "$3" ]]; then
		echo "ok: $1"
		passed=$((passed + 1))
	else
		echo "FAILED: $1: got '$2', expected '$3'"
		failed=$((failed + 1))
	fi
}
