#import "PatientWithAliases.h"

@implementation PatientWithAliases

- (id)init
{
    self = [super init];
    if (self) {
        [self setAlias:@"first_name" forPropertyName:@"name"];
        [self setAlias:@"created_at" forPropertyName:@"createdAt"];
    }
    return self;
}

@end
