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
                stack[-1] = ('id', (idm.group(1), idm.group(2)))
            elif bone:
                stack[-1] = ('bone', bone.group(1))
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
                edges.append((m.group(1), m.group(2), rel.group(1) if rel else ''))
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
