# The relations Blender's depsgraph set aside to break dependency cycles.
#
# When the depsgraph finds a cycle (it prints "Dependency cycle detected"), it marks one relation of
# it cyclic and evaluates as if that relation were not there: the operation at its end runs without
# waiting for the one at its start, and reads what that one left at the evaluation before. Which
# relation it marks follows from the depsgraph's own traversal, and decides what the rig shows.
# Python cannot ask for it directly; the depsgraph's Graphviz dump (Depsgraph.debug_relations_graphviz)
# draws marked relations in the colour "red4". This module reads that dump.
#
# No bpy here: the parser reads text, so it can be checked without Blender.
import re

_CLUSTER = re.compile(r'^subgraph cluster_\w+ \{$')
_CLUSTER_LABEL = re.compile(r'^graph \[.*?\blabel="(.*?)", (?:style|fontsize|penwidth|fillcolor|fontname)=')
_NODE = re.compile(r'^"(\w+)" \[color="[^"]*", label="([A-Z_0-9]+)\((.*)\)", shape=')
_EDGE = re.compile(r'^"(\w+)" -> "(\w+)" \[(.*)\]$')
_ID = re.compile(r'^ID_REF : (..)(.*) \(orig: ')
_BONE = re.compile(r"^\[Bone Component\] '(.*)' : \(")
_EDGE_ID = re.compile(r'\bid="(.*)", $')


def _unescape(text):
    """A name as the dump writes it inside a quoted label, back to the name (quotes escaped)."""
    return re.sub(r'\\(["\\])', r'\1', text)


def cyclic_relations(dot):
    """The relations marked cyclic in a depsgraph's Graphviz dump, each as
    {"source": end, "reader": end, "relation": name}, an end being {"object", "bone" (bones only),
    "operation"}: the reader's operation ran without waiting for the source's. Relations whose ends
    are not an object's or a bone's operations (a driver's, a collection's) are left out."""
    ends = {}
    stack = []  # per open cluster: (kind, value), kind 'id', 'bone' or None
    pending_cluster = False
    edges = []
    for raw in dot.splitlines():
        line = raw.strip()
        if _CLUSTER.match(line):
            stack.append((None, None))
            pending_cluster = True
            continue
        if pending_cluster and line.startswith('graph ['):
            pending_cluster = False
            m = _CLUSTER_LABEL.match(line)
            label = m.group(1) if m else ''
            idm = _ID.match(label)
            bone = _BONE.match(label)
            if idm:
                stack[-1] = ('id', (idm.group(1), _unescape(idm.group(2))))
            elif bone:
                stack[-1] = ('bone', _unescape(bone.group(1)))
            continue
        if line == '}':
            if stack:
                stack.pop()
            continue
        m = _EDGE.match(line)
        if m:
            attrs = m.group(3)
            if 'color="red4"' in attrs:
                rel = _EDGE_ID.search(attrs)
                edge = (m.group(1), m.group(2), _unescape(rel.group(1)) if rel else '')
                if edge not in edges:
                    edges.append(edge)
            continue
        m = _NODE.match(line)
        if m:
            ids = [v for k, v in stack if k == 'id']
            bones = [v for k, v in stack if k == 'bone']
            if ids and ids[-1][0] == 'OB':
                end = {"object": ids[-1][1]}
                if bones:
                    end["bone"] = bones[-1]
                end["operation"] = m.group(2)
                ends[m.group(1)] = end
    out = []
    for a, b, rel in edges:
        if a in ends and b in ends:
            out.append({"source": ends[a], "reader": ends[b], "relation": rel})
    return out


# An owner's constraint-stack operations: a relation into one is a constraint reading its target.
STACK_OPERATIONS = ('BONE_CONSTRAINTS', 'TRANSFORM_CONSTRAINTS')

# The depsgraph names a constraint's relation after its type (bConstraintTypeInfo.name, which is
# also the name a new constraint of the type gets), not after the constraint: measured in 3.4.1.
TYPE_NAMES = {
    'CAMERA_SOLVER': 'Camera Solver', 'FOLLOW_TRACK': 'Follow Track', 'OBJECT_SOLVER': 'Object Solver',
    'COPY_LOCATION': 'Copy Location', 'COPY_ROTATION': 'Copy Rotation', 'COPY_SCALE': 'Copy Scale',
    'COPY_TRANSFORMS': 'Copy Transforms', 'LIMIT_DISTANCE': 'Limit Distance', 'LIMIT_LOCATION': 'Limit Location',
    'LIMIT_ROTATION': 'Limit Rotation', 'LIMIT_SCALE': 'Limit Scale', 'MAINTAIN_VOLUME': 'Maintain Volume',
    'TRANSFORM': 'Transformation', 'TRANSFORM_CACHE': 'Transform Cache', 'CLAMP_TO': 'Clamp To',
    'DAMPED_TRACK': 'Damped Track', 'IK': 'IK', 'LOCKED_TRACK': 'Locked Track', 'SPLINE_IK': 'Spline IK',
    'STRETCH_TO': 'Stretch To', 'TRACK_TO': 'Track To', 'ACTION': 'Action', 'ARMATURE': 'Armature',
    'CHILD_OF': 'Child Of', 'FLOOR': 'Floor', 'FOLLOW_PATH': 'Follow Path', 'PIVOT': 'Pivot', 'SHRINKWRAP': 'Shrinkwrap',
}

# Where a constraint names an object and, for a bone, the bone (its targets).
_POINTERS = (('target', 'subtarget'), ('pole_target', 'pole_subtarget'), ('space_object', 'space_subtarget'))


def _reads(c, source):
    """Whether constraint `c` reads the object (or bone) at a relation's `source` end."""
    obj, bone = source["object"], source.get("bone")
    pairs = [(getattr(c, a, None), getattr(c, b, '') or '') for a, b in _POINTERS]
    pairs += [(t.target, t.subtarget or '') for t in getattr(c, 'targets', ())]
    for target, sub in pairs:
        if target is not None and getattr(target, 'name', None) == obj and (bone is None or sub == bone):
            return True
    return False


def constraints_of_relation(stack, relation):
    """The names of the constraints in `stack` (the reader's) that a relation into its constraint
    operation stands for: those of the type it is named after that read its source (the depsgraph
    keeps one relation for several such constraints between the same two operations)."""
    kind = [c for c in stack if TYPE_NAMES.get(c.type) == relation["relation"]]
    reading = [c.name for c in kind if _reads(c, relation["source"])]
    return reading or [c.name for c in kind]
