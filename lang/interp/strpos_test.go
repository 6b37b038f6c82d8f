package interp_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
)

// strPosProgram writes a program (valid mini-Dana and Python) that indexes,
// slices and searches random strings — ASCII, Latin, CJK, astral, mixed,
// short (scanned) and long (cached facts with a sparse index) — with random
// positions, touching the strings in random order so that the per-thread
// cache of string facts evicts and its cursor jumps back and forth.
func strPosProgram(seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 13))
	alphabets := []string{"abcxyz .,", "aé", "中文字x", "😀b🎉", "aéЖ中😀", "x"}
	var b strings.Builder
	const nstr = 12
	lens := make([]int, nstr)
	for k := 0; k < nstr; k++ {
		var n int
		switch k % 4 {
		case 0:
			n = rng.IntN(20) // short: scanned
		case 1:
			n = 60 + rng.IntN(80) // around the cache threshold and the first marks
		default:
			n = 100 + rng.IntN(700) // long: several marks
		}
		alpha := []rune(alphabets[rng.IntN(len(alphabets))])
		var s []rune
		for i := 0; i < n; i++ {
			s = append(s, alpha[rng.IntN(len(alpha))])
		}
		if k%5 == 3 && n > 0 {
			// ASCII until the very end.
			for i := range s {
				s[i] = 'a' + rune(i%26)
			}
			s[n-1] = 'é'
		}
		lens[k] = n
		fmt.Fprintf(&b, "s%d = \"%s\"\n", k, string(s))
	}
	b.WriteString("def ix(s, i):\n    try:\n        return s[i]\n    except IndexError as e:\n        return 'IE ' + str(e)\n")
	b.WriteString("def fd(s, sub, a, z):\n    try:\n        return s.index(sub, a, z)\n    except ValueError as e:\n        return 'VE ' + str(e)\n")
	opt := func(n int) string {
		if rng.IntN(5) == 0 {
			return "None"
		}
		return fmt.Sprint(rng.IntN(2*n+7) - n - 3)
	}
	for op := 0; op < 1500; op++ {
		k := rng.IntN(nstr)
		n := lens[k]
		s := fmt.Sprintf("s%d", k)
		i := rng.IntN(2*n+7) - n - 3
		switch rng.IntN(9) {
		case 0:
			fmt.Fprintf(&b, "print(%d, len(%s), ix(%s, %d))\n", op, s, s, i)
		case 1:
			fmt.Fprintf(&b, "print(%d, %s[%s:%s])\n", op, s, opt(n), opt(n))
		case 2:
			steps := []int{1, 2, 3, -1, -2, -5, 7}
			fmt.Fprintf(&b, "print(%d, %s[%s:%s:%d])\n", op, s, opt(n), opt(n), steps[rng.IntN(len(steps))])
		case 3:
			fmt.Fprintf(&b, "print(%d, %s.find(ix(%s, %d), %s), %s.rfind(%s[%d:%d], %s, %s))\n", op, s, s, i, opt(n), s, s, i, i+2, opt(n), opt(n))
		case 4:
			fmt.Fprintf(&b, "print(%d, %s.startswith(%s[%d:%d], %d), %s.endswith(%s[%d:], %s, %s))\n", op, s, s, i, i+3, i, s, s, i, opt(n), opt(n))
		case 5:
			fmt.Fprintf(&b, "print(%d, %s.count(%s[%d:%d], %s, %s), fd(%s, ix(%s, %d), %s, %s))\n", op, s, s, i, i+1, opt(n), opt(n), s, s, i, opt(n), opt(n))
		case 6:
			// A walk by index, forwards and backwards, from i.
			fmt.Fprintf(&b, "j = %d\nw = []\nwhile 0 <= j < len(%s) and len(w) < 40:\n    w.append(%s[j])\n    j += %d\nprint(%d, ''.join(w))\n", max(i, 0), s, s, []int{1, -1, 3, -2}[rng.IntN(4)], op)
		case 7:
			fmt.Fprintf(&b, "print(%d, [c for c in %s][%d:%d], ord(%s[%d]) if %d < len(%s) else 0)\n", op, s, i, i+3, s, max(i, 0), max(i, 0), s)
		case 8:
			fmt.Fprintf(&b, "print(%d, %s.find('', %s), %s.count('', %s, %s), %s[%d:%d] in %s)\n", op, s, opt(n), s, opt(n), opt(n), s, i, i+2, s)
		}
	}
	return b.String()
}

// TestStrPositionsAgainstCPython runs random str indexing, slicing and
// searching through the interpreter and through python3 (skipped without
// it) and compares every line.
func TestStrPositionsAgainstCPython(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	for _, seed := range []uint64{1, 2, 3, 4} {
		src := strPosProgram(seed)
		cmd := exec.Command(python, "-c", src)
		want, err := cmd.Output()
		if err != nil {
			t.Fatalf("python3: %v", err)
		}
		var out bytes.Buffer
		in := interp.New(interp.Options{Stdout: &out})
		builtins.Install(in)
		if err := in.Exec("strpos.na", src); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		got, wl := strings.Split(out.String(), "\n"), strings.Split(string(want), "\n")
		if len(got) != len(wl) {
			t.Errorf("seed %d: %d lines, python3 printed %d", seed, len(got), len(wl))
		}
		bad := 0
		for i := range min(len(got), len(wl)) {
			if got[i] != wl[i] {
				if bad++; bad <= 10 {
					t.Errorf("seed %d:\n  got  %s\n  want %s", seed, got[i], wl[i])
				}
			}
		}
	}
}
