//
//  TestThing.m
//  MMDataObject
//
//  Created by Ben Rigas on 2/17/13.
//  Copyright (c) 2013 Ben Rigas. All rights reserved.
//

#import "TestThing.h"

@implementation TestThing

- (id)init
{
    self = [super init];
    if (self) {
        
    }
    return self;
}

@end
