package builtins_test

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/minidana/dana/builtins"
	"github.com/minidana/dana/lang/interp"
)

// newInterp returns an interpreter with the builtins installed, its print
// and log output captured.
func newInterp(t *testing.T) (*interp.Interpreter, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	var out, errOut bytes.Buffer
	in := interp.New(interp.Options{
		Stdout:   &out,
		Stderr:   &errOut,
		MaxSteps: 1_000_000,
		Getenv: func(name string) string {
			if name == "DANA_TEST_VAR" {
				return "set"
			}
			return ""
		},
	})
	builtins.Install(in)
	return in, &out, &errOut
}

// evalRepr evaluates src (its last statement an expression) and returns the
// repr of the value.
func evalRepr(t *testing.T, src string) (string, error) {
	t.Helper()
	in, _, _ := newInterp(t)
	v, err := in.Eval("test.na", src)
	if err != nil {
		return "", err
	}
	return interp.Repr(v), nil
}

// valueTests maps snippets to the repr of their value.
var valueTests = []struct{ src, want string }{
	// len, range, enumerate, zip, map, filter
	{`len("héllo"), len([1, 2]), len((1,)), len({1: 2}), len({1, 2, 3}), len(range(10)), len("")`, `(5, 2, 1, 1, 3, 10, 0)`},
	{`list(range(5)), list(range(2, 10, 3)), list(range(10, 0, -3)), list(range(0))`, `([0, 1, 2, 3, 4], [2, 5, 8], [10, 7, 4, 1], [])`},
	{`range(3), range(1, 9, 2), range(True)`, `(range(0, 3), range(1, 9, 2), range(0, 1))`},
	{`list(enumerate("ab")), list(enumerate(["x"], 1)), list(enumerate([], start=5))`, `([(0, 'a'), (1, 'b')], [(1, 'x')], [])`},
	{`list(zip([1, 2, 3], "ab")), list(zip()), list(zip([1], [2], [3]))`, `([(1, 'a'), (2, 'b')], [], [(1, 2, 3)])`},
	{`list(map(str, [1, 2])), list(map(lambda a, b :: a + b, [1, 2], [3, 4, 5]))`, `(['1', '2'], [4, 6])`},
	{`list(filter(None, [0, 1, "", "a", None])), list(filter(lambda x :: x > 1, (1, 2, 3)))`, `([1, 'a'], [2, 3])`},
	// sorted, reversed
	{`sorted([3, 1, 2]), sorted([3, 1, 2], reverse=True), sorted("cab"), sorted({"b": 1, "a": 2})`, `([1, 2, 3], [3, 2, 1], ['a', 'b', 'c'], ['a', 'b'])`},
	{`sorted(["bb", "a", "ccc", "dd"], key=len)`, `['a', 'bb', 'dd', 'ccc']`},
	{`sorted(["bb", "a", "ccc", "dd"], key=len, reverse=True)`, `['ccc', 'bb', 'dd', 'a']`},
	{`sorted(["b", "A", "a"], key=str.lower), sorted([(1, "b"), (1, "a"), (0, "z")]), sorted([2, 1.5, True])`, `(['A', 'a', 'b'], [(0, 'z'), (1, 'a'), (1, 'b')], [True, 1.5, 2])`},
	{`list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed({1: 2, 3: 4})), list(reversed(range(3)))`, `([3, 2, 1], ['c', 'b', 'a'], [3, 1], [2, 1, 0])`},
	// sum, min, max
	{`sum([1, 2, 3]), sum([1, 2.5, 3]), sum([[1], [2]], []), sum([1, 2], 10), sum([]), sum([True, True])`, `(6, 6.5, [1, 2], 13, 0, 2)`},
	{`sum(range(10)), sum(range(10, 0, -3)), sum(range(5, 5)), sum(range(3), 10), sum(range(10 ** 12)), sum(range(3), 0.5)`, `(45, 22, 0, 13, 499999999999500000000000, 3.5)`},
	{`round(5, -1000000000), round(-49, -2), round(-51, -2), round(10 ** 30 + 5 * 10 ** 28, -29)`, `(0, 0, -100, 1000000000000000000000000000000)`},
	{`sum([0.1] * 10), sum([9223372036854775807, 1]), sum([2 ** 63, 2 ** 63])`, `(0.9999999999999999, 9223372036854775808, 18446744073709551616)`}, // as Python 3.11 (3.12 compensates)
	{`min([3, 1, 2]), max([3, 1, 2]), min(3, 1), max("abc"), max(1, 2, 3)`, `(1, 3, 1, 'c', 3)`},
	{`max([], default=7), min([("a", 2), ("b", 1)], key=lambda t :: t[1]), max([3, 3.0]), min([1, 1.0])`, `(7, ('b', 1), 3, 1)`},
	{`max(["aa", "b", "cc"], key=len), min({"x": 1, "y": 0}, key=lambda k :: {"x": 1, "y": 0}[k])`, `('aa', 'y')`},
	// numbers
	{`abs(-3), abs(-2.5), abs(True), abs(-9223372036854775808), abs(0)`, `(3, 2.5, 1, 9223372036854775808, 0)`},
	{`round(2.675, 2), round(2.675, 1), round(0.5), round(1.5), round(2.5), round(-0.5), round(-2.5)`, `(2.67, 2.7, 0, 2, 2, 0, -2)`},
	{`round(1234.5678, -2), round(1250, -2), round(1350, -2), round(15, -1), round(25, -1)`, `(1200.0, 1200, 1400, 20, 20)`},
	{`round(5, 2), round(True), round(1e300, 2), round(0.1 + 0.2, 10), round(3.14159, 3), round(-1.005, 2)`, `(5, 1, 1e+300, 0.3, 3.142, -1.0)`},
	{`round(float("inf"), 2), round(2.5, None), round(7.0), type(round(7.0)), type(round(7.0, 1))`, `(inf, 2, 7, int, float)`},
	{`divmod(7, 2), divmod(-7, 2), divmod(7.5, 2)`, `((3, 1), (-4, 1), (3.0, 1.5))`},
	{`pow(2, 10), pow(2, -1), pow(3, 4, 5), pow(3, -1, 7), pow(2, 3, -5), pow(5, 0, 1), pow(2.0, 2)`, `(1024, 0.5, 1, 5, -2, 0, 4.0)`},
	{`bin(5), bin(-5), oct(8), hex(255), hex(-255), hex(2 ** 70), bin(True)`, `('0b101', '-0b101', '0o10', '0xff', '-0xff', '0x400000000000000000', '0b1')`},
	{`(5).bit_length(), (2.0).is_integer(), (2.5).is_integer()`, `(3, True, False)`},
	// any, all, callable
	{`any([]), all([]), any([0, ""]), all([1, "x"]), any("a"), all([[]])`, `(False, True, False, True, True, False)`},
	{`callable(len), callable(1), callable(int), callable(lambda :: 1)`, `(True, False, True, True)`},
	// repr, hash, ord, chr, format
	{`repr("it's"), repr('a"b'), repr(1.0), repr([None, True])`, `('"it\'s"', '\'a"b\'', '1.0', '[None, True]')`},
	{`hash(1) == hash(1.0) == hash(True), hash(-1), hash(2 ** 61), hash(0.5), hash(-0.5), hash(1.5)`, `(True, -2, 1, 1152921504606846976, -1152921504606846976, 1152921504606846977)`},
	{`hash(float("inf")), hash(float("-inf")), hash(None) == hash(None), hash(2 ** 64) == hash(2 ** 64 % (2 ** 61 - 1)), hash(-2 ** 64)`, `(314159, -314159, True, True, -8)`},
	{`hash((1, 2)), hash(()), hash("abc") == hash("abc"), hash("a") != hash("b")`, `(-3550055125485641917, 5740354900026072187, True, True)`},
	{`ord("a"), ord("é"), chr(97), chr(233), chr(0x1F600)`, `(97, 233, 'a', 'é', '😀')`},
	{`format(3.14159, ".2f"), format(42), format(42, ">5"), format("x", "^3"), format(True), format(1234567, ",")`, `('3.14', '42', '   42', ' x ', 'True', '1,234,567')`},
	// conversions (SPEC §8)
	{`int(), int(3.9), int(-3.9), int(True), int("  42  "), int("1_000"), int("3.9"), int(" 7 ")`, `(0, 3, -3, 1, 42, 1000, 3, 7)`},
	{`int("ff", 16), int("0xff", 16), int("0xff", 0), int("0b101", 0), int("z", 36), int("-0o17", 8), int("12", base=3)`, `(255, 255, 255, 5, 35, -15, 5)`},
	{`int("123456789012345678901234567890"), int(2 ** 70), int(1e20)`, `(123456789012345678901234567890, 1180591620717411303424, 100000000000000000000)`},
	{`float(), float("1e3"), float(" 2.5 "), float("-inf"), float(True), float(7), float("2")`, `(0.0, 1000.0, 2.5, -inf, 1.0, 7.0, 2.0)`},
	{`str(), str(True), str(False), str([True]), str(None), str(1.0), str(5 / 1), str("x"), str({"a": 1})`, `('', 'True', 'False', '[True]', 'None', '1.0', '5.0', 'x', "{'a': 1}")`},
	{`bool(), bool("no"), bool("yes please"), bool(0), bool("abc"), bool("0.0"), bool([]), bool(" nope ")`, `(False, False, True, False, True, False, False, False)`},
	{`list(), tuple(), set(), dict()`, `([], (), set(), {})`},
	{`list("abc"), list("[1, 2]"), list(" [1, \"a\"] "), list("[1"), list({"a": 1}), list((1, 2)), list(range(2))`, `(['a', 'b', 'c'], [1, 2], [1, 'a'], ['[', '1'], ['a'], [1, 2], [0, 1])`},
	{`tuple("ab"), tuple("[1]"), tuple([1, 2]), set("[1, 1, 2]"), set([3, 3]), sorted(set("aab"))`, `(('a', 'b'), (1,), (1, 2), {1, 2}, {3}, ['a', 'b'])`},
	{`dict(a=1, b=2), dict([("x", 1), ("y", 2)]), dict({"a": 1}, b=2), dict('{"a": [1]}'), dict(["ab", "cd"])`, `({'a': 1, 'b': 2}, {'x': 1, 'y': 2}, {'a': 1, 'b': 2}, {'a': [1]}, {'a': 'b', 'c': 'd'})`},
	{"l = [1]\nm = list(l)\nm.append(2)\nl", `[1]`},
	// type and isinstance
	{`type(3), type(3) == "int", type(3) is int, type(True), type(None), type([]), type(print), type(int), type(range(2))`, `(int, True, True, bool, NoneType, list, function, type, range)`},
	{`type(1.5) == float, type("") == str, type({}) == dict, type(set()) == set, type(()) == tuple, type(type) == type`, `(True, True, True, True, True, True)`},
	{`type(ValueError("x")), type(ValueError("x")) == ValueError, type(3) == "float"`, `(ValueError, True, False)`},
	{"struct P:\n    x: int\np = P(x=1)\n(type(p), type(p) == P, type(p) == \"P\", isinstance(p, P), isinstance(p, \"P\"), isinstance(1, P))", `(P, True, True, True, True, False)`},
	{`isinstance(True, int), isinstance(1, float), isinstance(1.0, float), isinstance(1, (str, int)), isinstance("s", ("int", "str"))`, `(True, False, True, True, True)`},
	{`isinstance(None, "int | None"), isinstance([1], "list[int]"), isinstance(1, any), isinstance(None, "any"), isinstance(int, type), isinstance(len, "function")`, `(True, True, True, True, True, True)`},
	{`isinstance(KeyError("k"), LookupError), isinstance(KeyError("k"), "Exception"), isinstance(KeyError("k"), ValueError)`, `(True, True, False)`},
	{`isinstance(2 ** 80, int), isinstance(range(1), range), isinstance({}, dict), isinstance(None, None)`, `(True, True, True, True)`},
	// cast and implements
	{`cast(int, "12"), cast("list[int]", ["1", 2.5]), cast(float, 3), cast(str, False), cast("dict[str, int]", '{"a": "3"}')`, `(12, [1, 2], 3.0, 'False', {'a': 3})`},
	{`cast(list, "[1, 2]"), cast(bool, "no"), cast("int | None", None), cast(tuple, [1]), cast(set, [1, 1])`, `([1, 2], False, None, (1,), {1})`},
	{"struct P:\n    x: float\n    y: float = 0.0\ncast(P, {\"x\": 2}), cast(P, '{\"x\": 1, \"y\": 2}'), cast(\"P\", {\"x\": 3})", `(P(x=2.0, y=0.0), P(x=1.0, y=2.0), P(x=3.0, y=0.0))`},
	{"interface Shape:\n    area() -> float\nstruct Sq:\n    s: float\n    def area(self) -> float:\n        return self.s * self.s\nstruct Pt:\n    x: int\n(implements(Sq(s=1), Shape), implements(Pt(x=1), Shape))", `(True, False)`},
	{"interface Up:\n    upper() -> str\nimplements(\"x\", Up), implements(1, Up)", `(True, False)`},
	// json
	{`json_dumps({"a": [1, 2.5, None, True], "b": "x\"y\n", "c": (1,), "é": "ü"})`, `'{"a": [1, 2.5, null, true], "b": "x\\"y\\n", "c": [1], "\\u00e9": "\\u00fc"}'`},
	{`json_dumps([1, {"k": []}, {}], indent=2)`, `'[\n  1,\n  {\n    "k": []\n  },\n  {}\n]'`},
	{`json_dumps({"b": 1, "a": 2}, sort_keys=True), json_dumps({"z": 1, "a": 2}), json_dumps("é", ensure_ascii=False)`, `('{"a": 2, "b": 1}', '{"z": 1, "a": 2}', '"é"')`},
	{`json_dumps({1: 2, 2.5: 3, False: 4, None: 5}), json_dumps(1e16), json_dumps(5.0), json_dumps(2 ** 70), json_dumps({1})`, `('{"1": 2, "2.5": 3, "false": 4, "null": 5}', '1e+16', '5.0', '1180591620717411303424', '[1]')`},
	{"struct P:\n    x: int\n    tags: list = []\njson_dumps(P(x=1, tags=[\"a\"]))", `'{"x": 1, "tags": ["a"]}'`},
	{`json_dumps("😀\t"), json_dumps([]), json_dumps({}, indent=4)`, `('"\\ud83d\\ude00\\t"', '[]', '{}')`},
	{`json_loads('{"a": [1, 2.5, null, true], "b": {"c": "d"}}'), json_loads("3"), json_loads(" \"s\" ")`, `({'a': [1, 2.5, None, True], 'b': {'c': 'd'}}, 3, 's')`},
	{`json_loads(json_dumps({"k": [1, {"n": None}]}))`, `{'k': [1, {'n': None}]}`},
	// getenv, now, dir
	{`getenv("DANA_TEST_VAR"), getenv("UNSET_VAR"), getenv("UNSET_VAR", "dflt"), getenv(name="DANA_TEST_VAR", default=1)`, `('set', None, 'dflt', 'set')`},
	{`len(now()) == 24 and now().endswith("Z") and now()[4] == "-" and now()[10] == "T"`, `True`},
	{"struct P:\n    y: int\n    x: int\n    def m(self):\n        return 1\ndir(P(x=1, y=2)), dir(P)", `(['m', 'x', 'y'], ['m', 'x', 'y'])`},
	{`"upper" in dir(""), "append" in dir([]), "keys" in dir({}), "union" in dir(set()), "upper" in dir(str)`, `(True, True, True, True, True)`},
	{"zz = 1\n\"zz\" in dir()", `True`},
	// getattr, hasattr, setattr, issubclass
	{"struct P:\n    x: float\np = P(x=1)\nsetattr(p, \"x\", 2)\n(getattr(p, \"x\"), getattr(p, \"nope\", 0), hasattr(p, \"x\"), hasattr(p, \"y\"), hasattr(\"\", \"upper\"))", `(2.0, 0, True, False, True)`},
	{`getattr("ab", "upper")(), getattr(ValueError("m"), "message")`, `('AB', 'm')`},
	{`issubclass(KeyError, LookupError), issubclass(bool, int), issubclass(int, bool), issubclass(ValueError, (KeyError, Exception)), issubclass(str, any)`, `(True, True, False, True, True)`},
}

func TestValues(t *testing.T) {
	for _, tc := range valueTests {
		got, err := evalRepr(t, tc.src)
		if err != nil {
			t.Errorf("%s\nunexpected error: %v", tc.src, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%s\n got: %s\nwant: %s", tc.src, got, tc.want)
		}
	}
}

// methodTests cover the methods of built-in types (SPEC §6.4).
var methodTests = []struct{ src, want string }{
	// str
	{`"Hello".upper(), "Hello".lower(), "  x  ".strip(), "xxhixx".strip("x"), "  a ".lstrip(), " a  ".rstrip(), "abcba".lstrip("ab")`, `('HELLO', 'hello', 'x', 'hi', 'a ', ' a', 'cba')`},
	{`"a b  c".split(), "  a b  c  ".split(None, 1), "a,b,,c".split(","), "a,b,c".split(",", 1), "".split(), "".split(",")`, `(['a', 'b', 'c'], ['a', 'b  c  '], ['a', 'b', '', 'c'], ['a', 'b,c'], [], [''])`},
	{`"  a b  c  ".rsplit(None, 1), "a,b,c".rsplit(",", 1), "a b c".rsplit(maxsplit=1), "a\x1cb".split(), "a b".split(sep=None)`, `(['  a b', 'c'], ['a,b', 'c'], ['a b', 'c'], ['a', 'b'], ['a', 'b'])`},
	{`"-".join(["a", "b"]), "".join([]), ", ".join(("x",)), "".join("abc")`, `('a-b', '', 'x', 'abc')`},
	{`"aaa".replace("a", "b", 2), "abc".replace("", "-"), "aaa".replace("a", ""), "aXbX".replace("X", "Y")`, `('bba', '-a-b-c-', '', 'aYbY')`},
	{`"hello".find("l"), "hello".rfind("l"), "hello".find("z"), "hello".find("l", 3), "hello".find("", 5), "hello".find("", 6), "hello".find("h", -5, -3)`, `(2, 3, -1, 3, 5, -1, 0)`},
	{`"héllo".find("l"), "héllo".rfind("l"), "héllo".index("o"), "héllo".count("l"), "héllo".rindex("l")`, `(2, 3, 4, 2, 3)`},
	{`"hello".startswith("he"), "hello".startswith(("x", "h")), "hello".endswith("lo"), "hello".startswith("l", 2), "hello".endswith("l", 0, 3), "abc".startswith("", 3), "abc".startswith("", 4)`, `(True, True, True, True, True, True, False)`},
	{`"123".isdigit(), "".isdigit(), "12a".isdigit(), "abc".isalpha(), "ab1".isalnum(), " \t".isspace(), "".isspace(), "ABC".isupper(), "AbC".isupper(), "abc1".islower(), "123".isupper()`, `(True, False, False, True, True, True, False, True, False, True, False)`},
	{`"hello world".title(), "they're bill's".title(), "1st place".title(), "hELLO".capitalize(), "".capitalize(), "Hello World".istitle(), "Hello world".istitle()`, `('Hello World', "They'Re Bill'S", '1St Place', 'Hello', '', True, False)`},
	{`"abc".find("c", -10 ** 20), "abc".find("a", 0, 10 ** 20), "abc".find("a", True), "abc".count("a", 5)`, `(2, 0, -1, 0)`},
	{`"abcabc".count("b"), "abc".count(""), "abcabc".count("b", 2), "aaaa".count("aa")`, `(2, 4, 1, 2)`},
	{`"{} and {}".format(1, "x"), "{1}{0}".format("a", "b"), "{name}!".format(name="Dana"), "{:>5}|{:.2f}".format("x", 3.14159), "{0!r}".format("s")`, `('1 and x', 'ba', 'Dana!', '    x|3.14', "'s'")`},
	{`"{{}}".format(), "{0[1]}".format([5, 6]), "{d[k]}".format(d={"k": 3}), "{:{w}}|".format("x", w=4), "{} {}".format(True, None), "{:,}".format(1234567)`, `('{}', '6', '3', 'x   |', 'True None', '1,234,567')`},
	{"struct P:\n    x: int\n\"{p.x}/{0.x}\".format(P(x=4), p=P(x=3))", `'3/4'`},
	{`"42".zfill(5), "-42".zfill(5), "+4".zfill(3), "abc".zfill(2), "x".zfill(3)`, `('00042', '-0042', '+04', 'abc', '00x')`},
	{`"a".center(4), "ab".center(5), "ab".center(6, "*"), "a".ljust(3, "-"), "a".rjust(3), "abc".center(2)`, `(' a  ', '  ab ', '**ab**', 'a--', '  a', 'abc')`},
	{`"a\nb\r\nc\rd".splitlines(), "a\nb\n".splitlines(True), "".splitlines(), "x\n\ny".splitlines()`, `(['a', 'b', 'c', 'd'], ['a\n', 'b\n'], [], ['x', '', 'y'])`},
	{`"a=b=c".partition("="), "abc".partition("x"), "a=b=c".rpartition("="), "abc".rpartition("x")`, `(('a', '=', 'b=c'), ('abc', '', ''), ('a=b', '=', 'c'), ('', '', 'abc'))`},
	{`"prefix_x".removeprefix("prefix_"), "x.py".removesuffix(".py"), "Ab".swapcase(), "a\tb".expandtabs(4), "ab".isascii(), "x_1".isidentifier()`, `('x', 'x', 'aB', 'a   b', True, True)`},
	{`str.upper("x"), str.join("-", ["a", "b"])`, `('X', 'a-b')`},
	{`"straße".upper(), "ß".title(), "ﬁx".capitalize(), "Straße".swapcase(), "İ".lower() == "i\u0307", "ÀÉ".lower(), "Straße".casefold()`, `('STRASSE', 'Ss', 'Fix', 'sTRASSE', True, 'àé', 'strasse')`},
	// list
	{"l = [3, 1, 2]\nl.append(4)\nl.extend((5, 6))\nl.extend(l)\nl", `[3, 1, 2, 4, 5, 6, 3, 1, 2, 4, 5, 6]`},
	{"l = [1, 2]\nl.insert(0, \"a\")\nl.insert(-1, \"b\")\nl.insert(100, \"c\")\nl.insert(-100, \"d\")\nl", `['d', 'a', 1, 'b', 2, 'c']`},
	{"l = [1, 2, 3, 4]\n(l.pop(), l.pop(0), l.pop(-1), l)", `(4, 1, 3, [2])`},
	{"l = [1, 2, 1]\nl.remove(1)\n(list(l), l.index(1), l.count(1), [1, 2, 3].index(3, 1), l.append(9))", `([2, 1], 1, 1, 2, None)`},
	{"l = [3, 1, 2]\nl.sort()\na = l.copy()\nl.sort(reverse=True)\nb = l.copy()\nl.reverse()\n(a, b, l, l.copy() is l)", `([1, 2, 3], [3, 2, 1], [1, 2, 3], False)`},
	{"l = [\"bb\", \"a\", \"ccc\", \"dd\"]\nl.sort(key=len)\na = list(l)\nl.sort(key=len, reverse=True)\n(a, l)", `(['a', 'bb', 'dd', 'ccc'], ['ccc', 'bb', 'dd', 'a'])`},
	{"l = [1]\nm = l\nl.clear()\nm", `[]`},
	// tuple
	{`(1, 2, 2).count(2), (1, 2).index(2), (1, 2, 1).index(1, 1)`, `(2, 1, 2)`},
	// dict
	{"d = {\"a\": 1, \"b\": 2}\n(d.get(\"a\"), d.get(\"z\"), d.get(\"z\", 0), d.keys(), d.values(), d.items())", `(1, None, 0, dict_keys(['a', 'b']), dict_values([1, 2]), dict_items([('a', 1), ('b', 2)]))`}, // live views, as in Python (SPEC §4.8)
	{"d = {\"a\": 1, \"b\": 2}\n(list(d.keys()), [k for k in d.keys()], \"a\" in d.keys(), [k + str(v) for k, v in d.items()])", `(['a', 'b'], ['a', 'b'], True, ['a1', 'b2'])`},
	{"d = {\"a\": 1, \"b\": 2}\n(d.pop(\"a\"), d.pop(\"z\", None), d)", `(1, None, {'b': 2})`},
	{"d = {}\nd.update({\"c\": 3})\nd.update([(\"d\", 4)])\nd.update(e=5)\nd.update({\"f\": 6}, g=7)\nd", `{'c': 3, 'd': 4, 'e': 5, 'f': 6, 'g': 7}`},
	{"d = {\"b\": 1}\n(d.setdefault(\"b\", 99), d.setdefault(\"h\", []), d.setdefault(\"i\"), d)", `(1, [], None, {'b': 1, 'h': [], 'i': None})`},
	{"d = {\"a\": 1, \"b\": 2}\n(d.popitem(), d)", `(('b', 2), {'a': 1})`},
	{"d = {\"a\": 1}\nc = d.copy()\nc[\"x\"] = 2\nd.clear()\n(d, c)", `({}, {'a': 1, 'x': 2})`},
	// set
	{"s = {1, 2, 3}\ns.add(4)\ns.add(1)\ns.discard(10)\ns.discard(1)\ns.remove(2)\ns", `{3, 4}`},
	{"s = {3, 4}\n(s.union([5], (6,)), s.intersection({3, 4, 5}), s.difference([3]), s.symmetric_difference({3, 9}), s.union())", `({3, 4, 5, 6}, {3, 4}, {4}, {4, 9}, {3, 4})`},
	{`{1, 2}.issubset([1, 2, 3]), {1, 2}.issuperset({1}), {1}.isdisjoint({2}), {1, 2}.issubset({1})`, `(True, True, True, False)`},
	{"s = {3, 4}\ns.update([7], [8])\na = s.copy()\ns.intersection_update({3, 4, 7, 100})\nb = s.copy()\ns.difference_update([3])\nc = s.copy()\ns.symmetric_difference_update({4, 5})\n(a, b, c, s)", `({3, 4, 7, 8}, {3, 4, 7}, {4, 7}, {7, 5})`},
	{"s = {1, 2}\n(s.pop(), s.copy(), s.clear(), s)", `(1, {2}, None, set())`},
}

func TestMethods(t *testing.T) {
	for _, tc := range methodTests {
		got, err := evalRepr(t, tc.src)
		if err != nil {
			t.Errorf("%s\nunexpected error: %v", tc.src, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%s\n got: %s\nwant: %s", tc.src, got, tc.want)
		}
	}
}

// errorTests list snippets that must raise: the error type and a regexp
// the message must match.
var errorTests = []struct{ src, typ, msg string }{
	{`len(5)`, "TypeError", `^object of type 'int' has no len\(\)$`},
	{`len()`, "TypeError", `len\(\) takes exactly 1 argument \(0 given\)`},
	{`len([1], [2])`, "TypeError", `len\(\) takes exactly 1 argument \(2 given\)`},
	{`range(1, 2, 0)`, "ValueError", `^range\(\) arg 3 must not be zero$`},
	{`range(1.5)`, "TypeError", `^'float' object cannot be interpreted as an integer$`},
	{`range()`, "TypeError", `range expected at least 1 argument, got 0`},
	{`range(1, 2, 3, 4)`, "TypeError", `range expected at most 3 arguments, got 4`},
	{`enumerate(5)`, "TypeError", `'int' object is not iterable`},
	{`zip([1], 2)`, "TypeError", `^'int' object is not iterable$`},
	{`list(zip([1, 2], [1], strict=True))`, "ValueError", `zip\(\) argument 2 is shorter than argument 1`},
	{`list(zip([1], [1, 2], strict=True))`, "ValueError", `zip\(\) argument 2 is longer than argument 1`},
	{`map(len)`, "TypeError", `map\(\) must have at least two arguments`},
	{`map(5, [1])`, "TypeError", `'int' object is not callable`},
	{`sorted([1, "a"])`, "TypeError", `^'<' not supported between instances of 'str' and 'int'$`},
	{`sorted([1], 2)`, "TypeError", `sorted expected 1 argument, got 2`},
	{`sorted([1], cmp=2)`, "TypeError", `sorted\(\) got an unexpected keyword argument 'cmp'`},
	{`sorted([2, 1], key=lambda x :: x.nope)`, "AttributeError", `nope`},
	{`reversed({1, 2})`, "TypeError", `^'set' object is not reversible$`},
	{`reversed(5)`, "TypeError", `'int' object is not reversible`},
	{`sum(["a", "b"], "")`, "TypeError", `^sum\(\) can't sum strings \[use ''\.join\(seq\) instead\]$`},
	{`sum(["a"])`, "TypeError", `unsupported operand type\(s\) for \+: 'int' and 'str'`},
	{`sum([1.5, "a"])`, "TypeError", `unsupported operand type\(s\) for \+: 'float' and 'str'`},
	{`min([])`, "ValueError", `^min\(\) arg is an empty sequence$`}, // CPython 3.11's message
	{`max()`, "TypeError", `max expected at least 1 argument, got 0`},
	{`max(1, 2, default=3)`, "TypeError", `Cannot specify a default for max\(\) with multiple positional arguments`},
	{`min(1, "a")`, "TypeError", `not supported between instances of 'str' and 'int'`},
	{`max([1], bad=1)`, "TypeError", `max\(\) got an unexpected keyword argument 'bad'`},
	{`abs("a")`, "TypeError", `^bad operand type for abs\(\): 'str'$`},
	{`round(float("nan"))`, "ValueError", `cannot convert float NaN to integer`},
	{`round(float("inf"))`, "OverflowError", `cannot convert float infinity to integer`},
	{`round("a")`, "TypeError", `type str doesn't define __round__ method`},
	{`round(1.5, 2.0)`, "TypeError", `'float' object cannot be interpreted as an integer`},
	{`divmod(1, 0)`, "ZeroDivisionError", `integer division or modulo by zero`},
	{`divmod("a", 1)`, "TypeError", `unsupported operand type\(s\) for divmod\(\): 'str' and 'int'`},
	{`pow(2, 1.5, 3)`, "TypeError", `pow\(\) 3rd argument not allowed unless all arguments are integers`},
	{`pow(2, -1, 4)`, "ValueError", `base is not invertible for the given modulus`},
	{`pow(2, 3, 0)`, "ValueError", `pow\(\) 3rd argument cannot be 0`},
	{`hex(1.5)`, "TypeError", `'float' object cannot be interpreted as an integer`},
	{`hash([1])`, "TypeError", `^unhashable type: 'list'$`},
	{`hash({})`, "TypeError", `^unhashable type: 'dict'$`},
	{`ord("ab")`, "TypeError", `ord\(\) expected a character, but string of length 2 found`},
	{`ord(1)`, "TypeError", `ord\(\) expected string of length 1, but int found`},
	{`chr(-1)`, "ValueError", `chr\(\) arg not in range\(0x110000\)`},
	{`chr(0x110000)`, "ValueError", `chr\(\) arg not in range\(0x110000\)`},
	{`format(1, "q")`, "ValueError", `format code 'q'`},
	{`format(1, 2)`, "TypeError", `format\(\) argument 2 must be str, not int`},
	{`int("abc")`, "ValueError", `^invalid literal for int\(\) with base 10: 'abc'$`},
	{`int("")`, "ValueError", `invalid literal for int\(\) with base 10: ''`},
	{`int("010", 0)`, "ValueError", `invalid literal for int\(\) with base 0: '010'`},
	{`int("12", 1)`, "ValueError", `int\(\) base must be >= 2 and <= 36, or 0`},
	{`int("1__0", 10)`, "ValueError", `invalid literal for int\(\) with base 10: '1__0'`},
	{`int("g", 16)`, "ValueError", `invalid literal for int\(\) with base 16: 'g'`},
	{`int(12, 10)`, "TypeError", `int\(\) can't convert non-string with explicit base`},
	{`int(float("nan"))`, "ValueError", `cannot convert float NaN to integer`},
	{`int(float("inf"))`, "OverflowError", `cannot convert float infinity to integer`},
	{`int(None)`, "TypeError", `int\(\) argument must be a string, a bytes-like object or a real number, not 'NoneType'`},
	{`int([1])`, "TypeError", `not 'list'`},
	{`float("abc")`, "ValueError", `^could not convert string to float: 'abc'$`},
	{`float(None)`, "TypeError", `float\(\) argument must be a string or a real number, not 'NoneType'`},
	{`float(2 ** 2000)`, "OverflowError", `int too large to convert to float`},
	{`str(1, 2)`, "TypeError", `str\(\) takes at most 1 argument \(2 given\)`},
	{`list(5)`, "TypeError", `^'int' object is not iterable$`},
	{`set([[1]])`, "TypeError", `^unhashable type: 'list'$`},
	{`dict([1, 2])`, "TypeError", `cannot convert dictionary update sequence element #0 to a sequence`},
	{`dict([("a", 1, 2)])`, "ValueError", `dictionary update sequence element #0 has length 3; 2 is required`},
	{`dict("abc")`, "ValueError", `dictionary update sequence element #0 has length 1; 2 is required`},
	{`dict(1, 2)`, "TypeError", `dict expected at most 1 argument, got 2`},
	{`function()`, "TypeError", `type 'function' cannot be called`},
	{`type()`, "TypeError", `type\(\) takes 1 argument`},
	{`isinstance(1, 2)`, "TypeError", `isinstance\(\) arg 2 must be a type`},
	{`cast(int, "abc")`, "TypeError", `^cannot coerce 'abc' \(str\) to int$`},
	{`cast(5, 1)`, "TypeError", `cast\(\) type must be a type`},
	{"struct P:\n    x: float\ncast(P, {\"x\": \"no\"})", "TypeError", `P\.x: cannot coerce 'no' \(str\) to float`},
	{`implements(1, 2)`, "TypeError", `implements\(\) arg 2 must be an interface, not int`},
	{`json_dumps(float("nan"))`, "ValueError", `Out of range float values are not JSON compliant`},
	{`json_dumps(float("-inf"))`, "ValueError", `Out of range float values are not JSON compliant: -inf`},
	{`json_dumps({(1, 2): 3})`, "TypeError", `keys must be str, int, float, bool or None, not tuple`},
	{`json_dumps(len)`, "TypeError", `Object of type function is not JSON serializable`},
	{"l = []\nl.append(l)\njson_dumps(l)", "ValueError", `Circular reference detected`},
	{`json_dumps(1, indent=[])`, "TypeError", `indent must be None, an int or a str`},
	{`json_loads("[1,")`, "ValueError", `invalid JSON`},
	{`json_loads(5)`, "TypeError", `the JSON object must be str, not int`},
	{`getenv(1)`, "TypeError", `getenv\(\) argument 1 must be str, not int`},
	{`now(1)`, "TypeError", `now\(\) takes no arguments \(1 given\)`},
	{`print(1, sep=2)`, "TypeError", `sep must be None or a string, not int`},
	{`print(1, file=2)`, "TypeError", `print\(\) file= can only be None`},
	{`log()`, "TypeError", `log\(\) missing required argument 'msg' \(pos 1\)`},
	{`log("x", level="loud")`, "ValueError", `unknown log level 'loud' \(use debug, info, warning or error\)`},
	{`log_level(3)`, "TypeError", `log_level\(\) level must be a string, not int`},
	{`getattr(1, "x")`, "AttributeError", `'int' object has no attribute 'x'`},
	{`getattr(1, 2)`, "TypeError", `attribute name must be string, not 'int'`},
	{`setattr(1, "x", 2)`, "AttributeError", `cannot set attribute 'x' on 'int' object`},
	{"struct P:\n    x: float\nsetattr(P(x=1), \"x\", \"no\")", "TypeError", `P\.x: cannot coerce`},
	{`issubclass(1, int)`, "TypeError", `issubclass\(\) arg 1 must be a class`},
	{`issubclass(int, 1)`, "TypeError", `issubclass\(\) arg 2 must be a class`},
	// str methods
	{`"a".split("")`, "ValueError", `^empty separator$`},
	{`"a".split(1)`, "TypeError", `must be str or None, not int`},
	{`"-".join(["a", 1])`, "TypeError", `^sequence item 1: expected str instance, int found$`},
	{`"-".join(5)`, "TypeError", `can only join an iterable`},
	{`"hello".index("z")`, "ValueError", `^substring not found$`},
	{`"hello".rindex("z")`, "ValueError", `^substring not found$`},
	{`"hello".find(1)`, "TypeError", `must be str, not int`},
	{`"hello".startswith(1)`, "TypeError", `startswith first arg must be str or a tuple of str, not int`},
	{`"hello".endswith(("a", 1))`, "TypeError", `tuple for endswith must only contain str, not int`},
	{`"{} {}".format(1)`, "IndexError", `Replacement index 1 out of range for positional args tuple`},
	{`"{0} {}".format(1, 2)`, "ValueError", `cannot switch from manual field specification to automatic field numbering`},
	{`"{} {0}".format(1, 2)`, "ValueError", `cannot switch from automatic field numbering to manual field specification`},
	{`"{x}".format(y=1)`, "KeyError", `^'x'$`},
	{`"}".format()`, "ValueError", `Single '}' encountered in format string`},
	{`"{".format()`, "ValueError", `Single '{' encountered in format string`},
	{`"{0".format()`, "ValueError", `expected '}' before end of string`},
	{`"{!x}".format(1)`, "ValueError", `Unknown conversion specifier x`},
	{`"{.nope}".format(1)`, "AttributeError", `nope`},
	{`"a".center(3, "ab")`, "TypeError", `The fill character must be exactly one character long`},
	{`"a".zfill("3")`, "TypeError", `'str' object cannot be interpreted as an integer`},
	{`"a".partition("")`, "ValueError", `empty separator`},
	{`"abc".find("a", "x")`, "TypeError", `slice indices must be integers or None or have an __index__ method`},
	{`"abc".upper(1)`, "TypeError", `str\.upper\(\) takes no arguments \(1 given\)`},
	{`"abc".replace("a")`, "TypeError", `replace\(\) missing required argument 'new' \(pos 2\)`},
	{`"abc".strip(chars=1)`, "TypeError", `strip arg must be None or str`},
	{`str.upper(5)`, "TypeError", `descriptor 'upper' for 'str' objects doesn't apply to a 'int' object`},
	{`"abc".nope()`, "AttributeError", `'str' object has no attribute 'nope'`},
	// list methods
	{`[1].remove(5)`, "ValueError", `^list\.remove\(x\): x not in list$`},
	{`[].pop()`, "IndexError", `^pop from empty list$`},
	{`[1].pop(5)`, "IndexError", `^pop index out of range$`},
	{`[1].index(5)`, "ValueError", `^5 is not in list$`},
	{`["a"].index("b")`, "ValueError", `^'b' is not in list$`},
	{`[1, 2, 3].index(3, 0, 2)`, "ValueError", `3 is not in list`},
	{`[1, 2].sort(len)`, "TypeError", `sort\(\) takes no positional arguments`},
	{`[1, "a"].sort()`, "TypeError", `'<' not supported between instances of 'str' and 'int'`},
	{`[].append()`, "TypeError", `append\(\) missing required argument 'object' \(pos 1\)`},
	{`[].append(1, 2)`, "TypeError", `list\.append\(\) takes exactly 1 argument \(2 given\)`},
	{`[].extend(1)`, "TypeError", `'int' object is not iterable`},
	{`[].insert("a", 1)`, "TypeError", `'str' object cannot be interpreted as an integer`},
	// tuple methods
	{`(1,).index(5)`, "ValueError", `tuple\.index\(x\): x not in tuple`},
	// dict methods
	{`{}.pop("z")`, "KeyError", `^'z'$`},
	{`{}.popitem()`, "KeyError", `popitem\(\): dictionary is empty`},
	{`{}.get([1])`, "TypeError", `unhashable type: 'list'`},
	{`{}.update(1)`, "TypeError", `'int' object is not iterable`},
	{`{}.update(1, 2)`, "TypeError", `update expected at most 1 argument, got 2`},
	{`{}.keys(1)`, "TypeError", `dict\.keys\(\) takes no arguments \(1 given\)`},
	// set methods
	{`{1}.remove(99)`, "KeyError", `^99$`},
	{`set().pop()`, "KeyError", `pop from an empty set`},
	{`set().add([1])`, "TypeError", `unhashable type: 'list'`},
	{`set().union(1)`, "TypeError", `'int' object is not iterable`},
	{`set().union(x=1)`, "TypeError", `set\.union\(\) takes no keyword arguments`},
}

func TestErrors(t *testing.T) {
	for _, tc := range errorTests {
		_, err := evalRepr(t, tc.src)
		if err == nil {
			t.Errorf("%s: no error, want %s", tc.src, tc.typ)
			continue
		}
		var ex *interp.Exception
		if !errors.As(err, &ex) {
			t.Errorf("%s: error %v is not an exception", tc.src, err)
			continue
		}
		if ex.Type.Name != tc.typ {
			t.Errorf("%s: got %s: %s, want %s", tc.src, ex.Type.Name, ex.Msg, tc.typ)
			continue
		}
		if !regexp.MustCompile(tc.msg).MatchString(ex.Msg) {
			t.Errorf("%s: message %q does not match %q", tc.src, ex.Msg, tc.msg)
		}
	}
}

// TestErrorsCatchable checks that builtin errors are ordinary exceptions a
// script can catch by class, with the message as str(e).
func TestErrorsCatchable(t *testing.T) {
	in, out, _ := newInterp(t)
	err := in.Exec("t.na", `
try:
    [].pop()
except IndexError as e:
    print(e.type, str(e))
try:
    {}["k"]
except LookupError as e:
    print(e.type, e.message)
try:
    int("x1")
except ValueError as e:
    print(e.type, e.line)
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "IndexError pop from empty list\nKeyError 'k'\nValueError 11\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

func TestPrint(t *testing.T) {
	tests := []struct{ src, want string }{
		{`print(5 / 1, True, None, "s", [1, "a"], {"k": (1,)}, 1e16)`, "5.0 True None s [1, 'a'] {'k': (1,)} 1e+16\n"},
		{`print()`, "\n"},
		{`print(1, 2, sep="-", end="!")`, "1-2!"},
		{`print("a", "b", sep=None, end=None)`, "a b\n"},
		{`print(1, sep="")`, "1\n"},
		{"struct P:\n    x: int\nprint(P(x=1), type(P(x=1)), int, print)", "P(x=1) P int <builtin print>\n"},
		{`print(ValueError("boom"), set(), str(True), -0.0, 2 ** 100)`, "boom set() True -0.0 1267650600228229401496703205376\n"},
	}
	for _, tc := range tests {
		in, out, _ := newInterp(t)
		if err := in.Exec("t.na", tc.src); err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		if out.String() != tc.want {
			t.Errorf("%s\n got: %q\nwant: %q", tc.src, out.String(), tc.want)
		}
	}
}

// TestInput: input() writes its prompt, returns each line of standard input
// without "\n" or "\r\n", and raises EOFError (an Exception) at the end,
// as Python does.
func TestInput(t *testing.T) {
	var out bytes.Buffer
	in := interp.New(interp.Options{Stdout: &out, Stdin: strings.NewReader("alice\r\nbob\nlast")})
	builtins.Install(in)
	src := `names = []
while True:
    try:
        names.append(input("? "))
    except EOFError as e:
        print("|", names, str(e), isinstance(e, Exception))
        break
`
	if err := in.Exec("t.na", src); err != nil {
		t.Fatal(err)
	}
	if want := "? ? ? ? | ['alice', 'bob', 'last'] EOF when reading a line True\n"; out.String() != want {
		t.Errorf("got %q\nwant %q", out.String(), want)
	}
}

func TestLog(t *testing.T) {
	in, out, errOut := newInterp(t)
	err := in.Exec("t.na", `
log("hidden", level="debug")
log("shown")
log(42, "warning")
prev = log_level()
none = log_level("debug")
log("now shown", level="debug")
log("careful", level="warn")
log_level(level="ERROR")
log("dropped", level="warning")
log("bad", level="error")
print(prev, none, log_level())
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "[info] shown\n[warning] 42\n[debug] now shown\n[warning] careful\n[error] bad\n"
	if errOut.String() != want {
		t.Errorf("stderr:\n got: %q\nwant: %q", errOut.String(), want)
	}
	if out.String() != "info None error\n" {
		t.Errorf("stdout: got %q", out.String())
	}
}

// TestIndependentInterpreters checks that two interpreters do not share
// builtin state: log thresholds and type objects are per interpreter.
func TestIndependentInterpreters(t *testing.T) {
	a, _, aErr := newInterp(t)
	b, _, bErr := newInterp(t)
	if err := a.Exec("a.na", `log_level("error")`); err != nil {
		t.Fatal(err)
	}
	for _, in := range []*interp.Interpreter{a, b} {
		if err := in.Exec("t.na", `log("hello")`); err != nil {
			t.Fatal(err)
		}
	}
	if aErr.String() != "" {
		t.Errorf("interpreter a logged %q despite its error threshold", aErr.String())
	}
	if bErr.String() != "[info] hello\n" {
		t.Errorf("interpreter b logged %q, want its own default threshold", bErr.String())
	}
	aInt, _ := a.Builtin("int")
	bInt, _ := b.Builtin("int")
	if aInt == bInt {
		t.Error("the int type object is shared between interpreters")
	}
	v, err := a.Eval("t.na", "type(3)")
	if err != nil {
		t.Fatal(err)
	}
	if v != aInt {
		t.Errorf("type(3) is not the interpreter's own int type object")
	}
	// A method defined with a receiver on one interpreter's str type does
	// not leak into the other.
	if err := a.Exec("t.na", "def (s: str) shout() -> str:\n    return s.upper() + \"!\"\nx = \"hi\".shout()"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Eval("t.na", `"hi".shout()`); err == nil {
		t.Error("a receiver method defined in one interpreter is visible in another")
	}
}

// TestShadowing checks that user definitions shadow builtins (SPEC §3.4)
// without affecting the type objects other builtins return.
func TestShadowing(t *testing.T) {
	got, err := evalRepr(t, "def len(x):\n    return 99\nint = 5\n(len([1]), type(3), type(3) == \"int\")")
	if err != nil {
		t.Fatal(err)
	}
	if got != "(99, int, True)" {
		t.Errorf("got %s", got)
	}
}

// TestCallbacks checks that errors raised inside script callbacks (key=,
// map, filter) propagate unchanged.
func TestCallbacks(t *testing.T) {
	for _, src := range []string{
		`sorted([1, 2], key=lambda x :: 1 / 0)`,
		`list(map(lambda x :: 1 / 0, [1]))`,
		`list(filter(lambda x :: 1 / 0, [1]))`,
		`min([1, 2], key=lambda x :: 1 / 0)`,
		"l = [2, 1]\nl.sort(key=lambda x :: 1 / 0)",
	} {
		_, err := evalRepr(t, src)
		var ex *interp.Exception
		if !errors.As(err, &ex) || ex.Type.Name != "ZeroDivisionError" {
			t.Errorf("%s: got %v, want ZeroDivisionError", src, err)
		}
	}
}

// TestSortStability checks that sorted and list.sort keep the order of
// equal keys, also in reverse.
func TestSortStability(t *testing.T) {
	var b strings.Builder
	b.WriteString("xs = [")
	for i := 0; i < 200; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("(" + itoa(i%7) + ", " + itoa(i) + ")")
	}
	b.WriteString("]\n")
	b.WriteString(`
a = sorted(xs, key=lambda t :: t[0])
ok = all([a[i][0] < a[i + 1][0] or (a[i][0] == a[i + 1][0] and a[i][1] < a[i + 1][1]) for i in range(len(a) - 1)])
r = sorted(xs, key=lambda t :: t[0], reverse=True)
ok2 = all([r[i][0] > r[i + 1][0] or (r[i][0] == r[i + 1][0] and r[i][1] < r[i + 1][1]) for i in range(len(r) - 1)])
ok and ok2
`)
	got, err := evalRepr(t, b.String())
	if err != nil {
		t.Fatal(err)
	}
	if got != "True" {
		t.Error("sort is not stable")
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// TestReinstall checks that Install can run twice on one interpreter.
func TestReinstall(t *testing.T) {
	in, out, _ := newInterp(t)
	builtins.Install(in)
	if err := in.Exec("t.na", `print(type(1) is int, len("ab"))`); err != nil {
		t.Fatal(err)
	}
	if out.String() != "True 2\n" {
		t.Errorf("got %q", out.String())
	}
}
